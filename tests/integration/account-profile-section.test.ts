import { eq } from 'drizzle-orm';
import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ProfileSection } from '@/components/account/profile-section';
import { db } from '@/lib/db/client';
import { users } from '@/models';
import { useTestDatabase } from '../helpers/db';
import { createUser } from '../factories';
import { withRouter } from '../helpers/router';

useTestDatabase();

// The account page's profile section as the server sends it: the form filled in with the
// saved profile, and the notice about a handle the site gave.

async function renderSection(userId: string): Promise<string> {
  const section = (await ProfileSection({ userId })) as ReactElement;
  return renderToStaticMarkup(withRouter(section));
}

describe('the profile section of the account page', () => {
  it('shows the saved profile in the form, with a link to the public profile', async () => {
    const user = await createUser({ id: 'local|section-1', name: 'Maya Chen', nickname: 'mayacreates' });
    await db()
      .update(users)
      .set({ bio: 'Paints.\nStreams.', links: ['https://maya.art', 'https://github.com/maya'] })
      .where(eq(users.id, user.id));
    const html = await renderSection(user.id);
    expect(html).toContain('id="profile"');
    expect(html).toContain('href="/@mayacreates"');
    expect(html).toMatch(/<input[^>]*id="name"[^>]*value="Maya Chen"/);
    expect(html).toMatch(/<input[^>]*id="handle"[^>]*value="mayacreates"/);
    expect(html).toMatch(/<textarea[^>]*id="bio"[^>]*>Paints.\nStreams.<\/textarea>/);
    expect(html).toMatch(/<input[^>]*id="links.0"[^>]*value="https:\/\/maya.art"/);
    expect(html).toMatch(/<input[^>]*id="links.1"[^>]*value="https:\/\/github.com\/maya"/);
    expect(html).toContain('Upload picture');
    expect(html).not.toContain('Remove picture');
    expect(html).not.toContain('We gave you the handle');
    expect(html).not.toContain(user.email);
  });

  it('tells the owner of a given handle that they may change it or keep it', async () => {
    const user = await createUser({
      id: 'local|section-2',
      nickname: 'sam_2048',
      picture: '/uploads/pictures/4a0c4c43-6f3c-4a5f-9a55-1d2a1f4b1c11.jpg',
    });
    await db().update(users).set({ handleChosen: false }).where(eq(users.id, user.id));
    const html = await renderSection(user.id);
    expect(html).toContain('We gave you the handle <strong>@sam_2048</strong>.');
    expect(html).toContain('href="/account#profile"');
    expect(html).toContain('Keep it');
    expect(html).toContain('Remove picture');
    // The form starts with one empty row for a first link.
    expect(html).toMatch(/<input[^>]*id="links.0"[^>]*value=""/);
  });

  it('shows nothing for an account that was deleted', async () => {
    const user = await createUser();
    await db().update(users).set({ deletedAt: new Date() }).where(eq(users.id, user.id));
    expect(await ProfileSection({ userId: user.id })).toBeNull();
  });
});
