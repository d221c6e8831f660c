import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { db } from '@/lib/db/client';
import { notifications, users } from '@/models';
import { endAllSessions } from '@/lib/users/service';
import { useTestDatabase } from '../helpers/db';
import { call } from '../helpers/http';
import { createUser } from '../factories';

useTestDatabase();

type MeAnswer = {
  viewer: { notices: { handle: string | null; unconfirmedEmail: string | null }; unread: number } | null;
};

// The browser asks who is signed in for the parts of a cached page that depend on it.
describe('GET /api/me', () => {
  it('names the signed-in user by id, name and picture only, with nothing to tell a settled account', async () => {
    const maya = await createUser({ name: 'Maya Chen', picture: 'https://img.example/m.png' });
    const answer = await call('GET', '/api/me', { as: maya });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      viewer: {
        id: maya.id,
        name: 'Maya Chen',
        picture: 'https://img.example/m.png',
        notices: { handle: null, unconfirmedEmail: null },
        unread: 0,
      },
      page: null,
    });
    // Whose it is decides every byte: no cache may keep it.
    expect(answer.response.headers.get('cache-control')).toBe('private, no-store');
  });

  it('counts the notifications they have not read, for the bell, in the same answer', async () => {
    const maya = await createUser();
    const sam = await createUser();
    await db()
      .insert(notifications)
      .values([
        { recipientId: maya.id, kind: 'member_joined', text: 'Sam joined', link: '/' },
        { recipientId: maya.id, kind: 'member_joined', text: 'Kai joined', link: '/' },
        { recipientId: maya.id, kind: 'member_joined', text: 'Read', link: '/', readAt: new Date() },
      ]);
    const unreadOf = async (as: typeof maya) =>
      ((await call('GET', '/api/me', { as })).body as MeAnswer).viewer?.unread;
    expect(await unreadOf(maya)).toBe(2);
    expect(await unreadOf(sam)).toBe(0);
  });

  it('tells an account its address to confirm and the handle the site gave it, until they are settled', async () => {
    const sam = await createUser({ nickname: 'sam_2048', emailVerifiedAt: null });
    await db().update(users).set({ handleChosen: false }).where(eq(users.id, sam.id));
    const notices = async () => ((await call('GET', '/api/me', { as: sam })).body as MeAnswer).viewer?.notices;
    expect(await notices()).toEqual({ handle: 'sam_2048', unconfirmedEmail: sam.email });
    await db().update(users).set({ handleChosen: true, emailVerifiedAt: new Date() }).where(eq(users.id, sam.id));
    expect(await notices()).toEqual({ handle: null, unconfirmedEmail: null });
  });

  it('answers null without a session, and for a session ended since (signed out everywhere)', async () => {
    expect(await call('GET', '/api/me')).toEqual(
      expect.objectContaining({ status: 200, body: { viewer: null, page: null } }),
    );
    const sam = await createUser();
    expect(await endAllSessions(sam.id, 0)).toBe(true);
    expect((await call('GET', '/api/me', { as: sam })).body).toEqual({ viewer: null, page: null });
  });

  it('takes no input that could name someone else, and allows only reading', async () => {
    const maya = await createUser();
    const sam = await createUser();
    const answer = await call('GET', `/api/me?id=${encodeURIComponent(maya.id)}`, { as: sam });
    expect((answer.body as { viewer: { id: string } }).viewer.id).toBe(sam.id);
    expect((await call('POST', '/api/me', { as: sam })).status).toBe(405);
  });
});
