import { eq, sql } from 'drizzle-orm';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ProfileHeader } from '@/components/profile/profile-header';
import { toCommentDto } from '@/lib/comments/queries';
import { getProfileCounts } from '@/lib/creator/profile-counts';
import { db } from '@/lib/db/client';
import { getProfileCard } from '@/lib/seo/og';
import { findPublicProfileUser } from '@/lib/users/profile';
import { envolvements, purchases, users } from '@/models';
import { useTestDatabase } from '../helpers/db';
import { call } from '../helpers/http';
import { createEnvolvement, createPurchase, createUser, type TestUser } from '../factories';

useTestDatabase();

// What anyone can read about a person: their profile, its counts and share card, the search
// and the profile API. Never their e-mail address, nor a piece of it.

async function setProfile(id: string, values: Partial<typeof users.$inferInsert>) {
  await db().update(users).set(values).where(eq(users.id, id));
}

async function renderProfile(slug: string) {
  const user = await findPublicProfileUser(slug);
  const counts = await getProfileCounts(user!.id);
  return renderToStaticMarkup(createElement(ProfileHeader, { user: user!, counts, editable: 'public' }));
}

describe('the public profile', () => {
  it('shows the name, @handle, counts, the bio as text with its line breaks, and the links by site', async () => {
    const maya = await createUser({ id: 'local|maya-pub', name: 'Maya Chen', nickname: 'mayacreates' });
    await setProfile(maya.id, {
      bio: 'Painter <b>and</b> streamer.\nFridays at 8.',
      links: ['https://www.github.com/maya', 'https://maya.art/shop'],
    });
    const html = await renderProfile('maya-pub');
    expect(html).toContain('<h1 class="text-2xl font-bold text-ink">Maya Chen</h1>');
    expect(html).toContain('@mayacreates');
    expect(html).toContain('whitespace-pre-line');
    expect(html).toContain('Painter &lt;b&gt;and&lt;/b&gt; streamer.\nFridays at 8.');
    expect(html).not.toContain('<b>');
    expect(html).toContain(
      '<a href="https://www.github.com/maya" target="_blank" rel="noopener noreferrer nofollow ugc" class="text-brand-700 hover:underline"><span title="https://www.github.com/maya">github.com</span></a>',
    );
    expect(html).toContain('<span title="https://maya.art/shop">maya.art</span>');
    expect(html).toContain('0 members');
    expect(html).toContain('0 envolvements');
    expect(html).not.toContain(maya.email);
    expect(html).not.toContain(maya.email.split('@')[0]);
  });

  it('shows the handle where the name holds an e-mail address', async () => {
    await createUser({ id: 'oidc|sam-pub', name: 'sam.rivera@mail.example', nickname: 'sam_2048' });
    const html = await renderProfile('sam-pub');
    expect(html).toContain('<h1 class="text-2xl font-bold text-ink">sam_2048</h1>');
    expect(html).not.toContain('mail.example');
    expect(html).not.toContain('sam.rivera');
  });

  it('counts each member once across published and unpublished envolvements, not refunded or removed ones', async () => {
    const creator = await createUser();
    const [a, b, c, d] = [await createUser(), await createUser(), await createUser(), await createUser()];
    const first = await createEnvolvement(creator.id);
    const second = await createEnvolvement(creator.id);
    const unpublished = await createEnvolvement(creator.id, { isActive: false });
    const removed = await createEnvolvement(creator.id);
    await createPurchase(first.id, a.id);
    await createPurchase(second.id, a.id);
    await createPurchase(second.id, b.id);
    await createPurchase(unpublished.id, c.id);
    await createPurchase(removed.id, d.id);
    await db()
      .update(envolvements)
      .set({ archivedAt: sql`now()` })
      .where(eq(envolvements.id, removed.id));
    const refunded = await createUser();
    await db()
      .insert(purchases)
      .values({ envolvementId: first.id, userId: refunded.id, endedAt: new Date(), endReason: 'refunded' });
    await createEnvolvement((await createUser()).id);
    expect(await getProfileCounts(creator.id)).toEqual({ members: 3, envolvements: 2 });
    expect(await getProfileCounts((await createUser()).id)).toEqual({ members: 0, envolvements: 0 });
  });

  it('is gone once its account is deleted', async () => {
    const gone = await createUser({ id: 'local|gone-pub' });
    await setProfile(gone.id, { deletedAt: new Date() });
    expect(await findPublicProfileUser('gone-pub')).toBeNull();
    expect(await call('GET', '/api/user_profile_info/gone-pub')).toMatchObject({ status: 404 });
    expect(await call('GET', '/api/profile/gone-pub')).toMatchObject({ status: 404 });
    expect(await getProfileCard('gone-pub')).toBeNull();
  });
});

describe('the share card of a profile', () => {
  it('carries the public name, handle, bio, counts, and no picture it cannot draw', async () => {
    const creator = await createUser({
      id: 'local|card-pub',
      name: 'Leo Okafor',
      nickname: 'leoplays',
      picture: 'https://elsewhere.example/leo.png',
    });
    await setProfile(creator.id, { bio: 'Speedruns.' });
    const row = await createEnvolvement(creator.id);
    await createPurchase(row.id, (await createUser()).id);
    expect(await getProfileCard('card-pub')).toEqual({
      name: 'Leo Okafor',
      handle: 'leoplays',
      bio: 'Speedruns.',
      // Another site's address is never fetched by the server.
      picture: null,
      counts: { members: 1, envolvements: 1 },
    });
  });
});

describe('GET /api/user_profile_info/{id} for a visitor', () => {
  it('never answers the e-mail, nor a name that holds one; the owner gets both', async () => {
    const sam = await createUser({ id: 'oidc|sam-info', name: 'sam@mail.example', nickname: 'sam_2048' });
    const visitorView = {
      user_id: 'oidc|sam-info',
      name: 'sam_2048',
      nickname: 'sam_2048',
      picture: null,
      updated_at: expect.any(String),
      identities: [{ user_id: 'sam-info' }],
      user_metadata: { banner_url: null },
    };
    for (const as of [null, await createUser()] as Array<TestUser | null>) {
      const res = await call('GET', '/api/user_profile_info/sam-info', { as });
      expect(res).toMatchObject({ status: 200 });
      expect(res.body).toEqual(visitorView);
    }
    const own = await call('GET', '/api/user_profile_info/sam-info', { as: sam });
    expect(own.body).toEqual({ ...visitorView, name: 'sam@mail.example', email: sam.email });
  });
});

describe('user search and e-mail addresses', () => {
  const search = (text: string) => call('GET', `/api/auth0_user_search?username=${encodeURIComponent(text)}`);

  it('finds nobody by a piece of an e-mail address, and no deleted account', async () => {
    await createUser({ name: 'kai@mail.example', nickname: 'kai_7777', email: 'kai@mail.example' });
    const gone = await createUser({ name: 'Gone Person', nickname: 'gone_person' });
    await setProfile(gone.id, { deletedAt: new Date() });
    expect((await search('mail.example')).body).toEqual([]);
    expect((await search('kai@')).body).toEqual([]);
    expect((await search('gone')).body).toEqual([]);
    const found = await search('kai_');
    expect(found.body).toEqual([
      { user_id: expect.any(String), nickname: 'kai_7777', name: 'kai_7777', picture: null },
    ]);
    expect(JSON.stringify(found.body)).not.toContain('mail.example');
  });
});

describe('a comment of someone whose name holds an e-mail address', () => {
  it('names them by their handle', () => {
    const comment = {
      id: 'c1',
      postId: 'p1',
      parentId: null,
      authorId: 'oidc|kai',
      body: 'Hello',
      createdAt: new Date('2026-01-01T00:00:00Z'),
      editedAt: null,
      deletedAt: null,
    };
    const author = { id: 'oidc|kai', name: 'kai@mail.example', nickname: 'kai_7777', picture: null };
    const place = { id: 'e1', creatorId: 'local|maker', commentsAllowed: true, archivedAt: null };
    const dto = toCommentDto(comment, author, { viewerId: 'local|reader', place });
    expect(dto.author).toEqual({ id: 'oidc|kai', name: 'kai_7777', nickname: 'kai_7777', picture: null });
    expect(JSON.stringify(dto)).not.toContain('mail.example');
  });
});
