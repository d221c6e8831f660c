import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { GET as SEARCH_LEGACY } from '@/app/api/auth0_user_search/[id]/route';
import { GET as SEARCH } from '@/app/api/auth0_user_search/route';
import { POST as BANNER } from '@/app/api/profile/banner/route';
import { GET as PROFILE_LIST } from '@/app/api/profile/[userId]/route';
import { GET as PROFILE_INFO } from '@/app/api/user_profile_info/[id]/route';
import { db } from '@/lib/db/client';
import { users } from '@/models';
import { useTestDatabase } from '../helpers/db';
import { call } from '../helpers/http';
import { useTempUploadsDir } from '../helpers/uploads';
import { createEnvolvement, createUser } from '../factories';
import { imageForm, pngBytes } from '../fixtures/images';

useTestDatabase();

useTempUploadsDir();

describe('GET /api/user_profile_info/{id}', () => {
  it('answers the profile by whole id or by the part after the bar; e-mail only to its owner', async () => {
    const maya = await createUser({ id: 'local|maya-1', nickname: 'mayacreates', name: 'Maya Chen', email: 'maya@example.com' });
    const other = await createUser();
    const own = await call(PROFILE_INFO, 'GET', '/x', { as: maya, params: { id: 'maya-1' } });
    expect(own.status).toBe(200);
    expect(own.body).toEqual({
      user_id: 'local|maya-1',
      name: 'Maya Chen',
      nickname: 'mayacreates',
      email: 'maya@example.com',
      picture: null,
      updated_at: expect.any(String),
      identities: [{ user_id: 'maya-1' }],
      user_metadata: { banner_url: null },
    });
    for (const as of [other, null]) {
      const seen = await call(PROFILE_INFO, 'GET', '/x', { as, params: { id: encodeURIComponent('local|maya-1') } });
      expect(seen.status).toBe(200);
      expect(seen.body).not.toHaveProperty('email');
    }
    expect((await call(PROFILE_INFO, 'GET', '/x', { params: { id: 'nobody' } })).status).toBe(404);
  });
});

describe('GET /api/profile/{userId}', () => {
  it("lists a user's envolvements newest first; unknown users are 404", async () => {
    const creator = await createUser({ id: 'local|creator-9' });
    await createEnvolvement(creator.id, { title: 'Old', createdAt: new Date(Date.now() - 10_000) });
    await createEnvolvement(creator.id, { title: 'New' });
    await createEnvolvement((await createUser()).id, { title: 'Someone else' });
    const res = await call(PROFILE_LIST, 'GET', '/x', { params: { userId: 'creator-9' } });
    expect(res.status).toBe(200);
    expect(res.body.map((e: { title: string }) => e.title)).toEqual(['New', 'Old']);
    expect((await call(PROFILE_LIST, 'GET', '/x', { params: { userId: 'local|creator-9' } })).body).toHaveLength(2);
    expect((await call(PROFILE_LIST, 'GET', '/x', { params: { userId: 'ghost' } })).status).toBe(404);
  });
});

describe('POST /api/profile/banner', () => {
  it("replaces the signed-in user's own banner only", async () => {
    const owner = await createUser();
    const other = await createUser();
    const res = await call(BANNER, 'POST', '/api/profile/banner', { as: owner, form: imageForm('banner', pngBytes(), 'b.png', 'image/png') });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ bannerUrl: expect.stringMatching(/^\/uploads\/banners\/[0-9a-f-]{36}\.png$/) });
    const [stored] = await db().select({ bannerUrl: users.bannerUrl }).from(users).where(eq(users.id, owner.id));
    expect(stored!.bannerUrl).toBe(res.body.bannerUrl);
    const [untouched] = await db().select({ bannerUrl: users.bannerUrl }).from(users).where(eq(users.id, other.id));
    expect(untouched!.bannerUrl).toBeNull();
  });

  it('refuses a file that is not an image, no file, and visitors', async () => {
    const owner = await createUser();
    const text = await call(BANNER, 'POST', '/api/profile/banner', { as: owner, form: imageForm('banner', Buffer.from('hello'), 'b.png', 'image/png') });
    expect(text).toMatchObject({ status: 400, body: { error: 'Only PNG, JPEG, GIF or WebP images can be uploaded.' } });
    const none = await call(BANNER, 'POST', '/api/profile/banner', { as: owner, form: new FormData() });
    expect(none).toMatchObject({ status: 400, body: { error: 'Please select a file first' } });
    expect((await call(BANNER, 'POST', '/api/profile/banner', { form: imageForm('banner', pngBytes(), 'b.png', 'image/png') })).status).toBe(401);
    const [stored] = await db().select({ bannerUrl: users.bannerUrl }).from(users).where(eq(users.id, owner.id));
    expect(stored!.bannerUrl).toBeNull();
  });
});

describe('GET /api/auth0_user_search', () => {
  const search = (username: string) => call(SEARCH, 'GET', `/api/auth0_user_search?username=${encodeURIComponent(username)}`);

  it('needs 3 characters: 2 are refused, 3 search', async () => {
    await createUser({ nickname: 'mayacreates', name: 'Maya Chen' });
    expect(await search('ma')).toMatchObject({ status: 400, body: { error: 'Please enter at least 3 characters to search.' } });
    expect(await search('  ma  ')).toMatchObject({ status: 400 });
    expect((await search('may')).body).toEqual([{ user_id: expect.any(String), nickname: 'mayacreates', picture: null }]);
  });

  it('matches parts of nicknames and names, ignoring case, at most 20', async () => {
    await createUser({ nickname: 'leoplays', name: 'Leo Okafor' });
    await createUser({ nickname: 'inesdraws', name: 'Inès Duarte' });
    expect((await search('PLAY')).body.map((u: { nickname: string }) => u.nickname)).toEqual(['leoplays']);
    expect((await search('okaf')).body.map((u: { nickname: string }) => u.nickname)).toEqual(['leoplays']);
    expect((await search('draw')).body.map((u: { nickname: string }) => u.nickname)).toEqual(['inesdraws']);
    expect((await search('zzz')).body).toEqual([]);
    expect((await search('%%%')).body).toEqual([]);
    for (let i = 0; i < 25; i++) await createUser({ nickname: `fan${String(i).padStart(2, '0')}`, name: 'Fan' });
    expect((await search('fan')).body).toHaveLength(20);
  });

  it('has a legacy form with the term in the path', async () => {
    await createUser({ nickname: 'kaib', name: 'Kai Bennett' });
    expect((await call(SEARCH_LEGACY, 'GET', '/x', { params: { id: 'bennett' } })).body.map((u: { nickname: string }) => u.nickname)).toEqual(['kaib']);
    expect((await call(SEARCH_LEGACY, 'GET', '/x', { params: { id: 'ka' } })).status).toBe(400);
  });
});
