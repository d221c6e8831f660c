import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { eraseAccount } from '@/lib/account/erase';
import { buildDataExport } from '@/lib/account/export-data';
import { db } from '@/lib/db/client';
import { RATE_LIMITS } from '@/lib/rate-limit';
import { follows, users } from '@/models';
import { createUser, type TestUser } from '../factories';
import { useTestDatabase } from '../helpers/db';
import { call } from '../helpers/http';

// Following a creator through the API: PUT follows, DELETE stops, GET says whether; identity
// from the session only, and nobody but the follower learns whom they follow.

useTestDatabase();

const SIGNED_OUT = { status: 401, body: { error: 'You must be signed in to do this.', code: 'unauthorized' } };
const NOT_FOUND = { status: 404, body: { error: 'User not found', code: 'not_found' } };
const BAD_ID = { status: 400, body: { error: 'That is not a valid creator id.', code: 'bad_request' } };

const path = (creatorId: string) => `/api/follows/${encodeURIComponent(creatorId)}`;

async function answer(request: ReturnType<typeof call>) {
  const { status, body } = await request;
  return { status, body };
}

const follow = (as: TestUser | null, creatorId: string) => answer(call('PUT', path(creatorId), { as }));
const unfollow = (as: TestUser | null, creatorId: string) => answer(call('DELETE', path(creatorId), { as }));
const followState = (as: TestUser | null, creatorId: string) => answer(call('GET', path(creatorId), { as }));

/** Every follow in the database, as (follower, creator) pairs. */
async function allFollows() {
  return db()
    .select({ followerId: follows.followerId, creatorId: follows.creatorId })
    .from(follows)
    .orderBy(asc(follows.followerId), asc(follows.creatorId));
}

describe('PUT /api/follows/{creatorId}', () => {
  it('follows a creator (201), and following again changes nothing (200)', async () => {
    const [maya, sam] = [await createUser(), await createUser()];
    expect(await follow(sam, maya.id)).toEqual({ status: 201, body: { following: true } });
    expect(await follow(sam, maya.id)).toEqual({ status: 200, body: { following: true } });
    expect(await allFollows()).toEqual([{ followerId: sam.id, creatorId: maya.id }]);
    expect(await followState(sam, maya.id)).toEqual({ status: 200, body: { following: true } });
  });

  it('names the creator by their whole id or the part after the "|"', async () => {
    const maya = await createUser({ id: 'local|maya-follow', nickname: 'maya_follow' });
    const [sam, leo] = [await createUser(), await createUser()];
    expect(await follow(sam, 'local|maya-follow')).toEqual({ status: 201, body: { following: true } });
    expect(await follow(leo, 'maya-follow')).toEqual({ status: 201, body: { following: true } });
    expect((await allFollows()).map((row) => row.creatorId)).toEqual([maya.id, maya.id]);
  });

  it('refuses to follow oneself, with a clear message', async () => {
    const maya = await createUser();
    expect(await follow(maya, maya.id)).toEqual({
      status: 400,
      body: { error: "You can't follow yourself.", code: 'bad_request' },
    });
    expect(await allFollows()).toEqual([]);
  });

  it('answers 404 for nobody and for a deleted account, following nobody', async () => {
    const [maya, sam] = [await createUser(), await createUser()];
    expect(await follow(sam, 'local|nobody-here')).toEqual(NOT_FOUND);
    await eraseAccount(maya.id);
    expect(await follow(sam, maya.id)).toEqual(NOT_FOUND);
    const [anonymous] = await db().select({ id: users.id }).from(users).where(eq(users.name, 'Deleted member'));
    expect(await follow(sam, anonymous!.id)).toEqual(NOT_FOUND);
    expect(await allFollows()).toEqual([]);
  });

  it('answers 400 for an id that cannot name anybody', async () => {
    const sam = await createUser();
    for (const bad of ['a b', 'a/b', '%', 'x'.repeat(301), 'semi;colon']) {
      expect({ bad, ...(await follow(sam, bad)) }).toEqual({ bad, ...BAD_ID });
    }
    expect(await allFollows()).toEqual([]);
  });

  it('answers 401 without a session, before reading the id', async () => {
    const maya = await createUser();
    expect(await follow(null, maya.id)).toEqual(SIGNED_OUT);
    expect(await follow(null, 'a b')).toEqual(SIGNED_OUT);
    expect(await allFollows()).toEqual([]);
  });

  it(`limits follows and unfollows to ${RATE_LIMITS.follow.points} per ${RATE_LIMITS.follow.duration / 60} minutes`, async () => {
    const [maya, sam] = [await createUser(), await createUser()];
    for (let n = 0; n < RATE_LIMITS.follow.points; n += 1) {
      expect((await (n % 2 ? unfollow(sam, maya.id) : follow(sam, maya.id))).status).toBeLessThan(300);
    }
    const refused = await call('PUT', path(maya.id), { as: sam });
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ error: expect.stringMatching(/^Too many follow changes/), code: 'rate_limited' });
    expect(refused.response.headers.get('retry-after')).toEqual(expect.any(String));
  });
});

describe('DELETE /api/follows/{creatorId}', () => {
  it('stops following (200), and stopping again is the same answer', async () => {
    const [maya, sam, leo] = [await createUser(), await createUser(), await createUser()];
    await follow(sam, maya.id);
    await follow(leo, maya.id);
    expect(await unfollow(sam, maya.id)).toEqual({ status: 200, body: { following: false } });
    expect(await unfollow(sam, maya.id)).toEqual({ status: 200, body: { following: false } });
    // Leo's follow is his: Sam's unfollow never touches it.
    expect(await allFollows()).toEqual([{ followerId: leo.id, creatorId: maya.id }]);
    expect(await followState(sam, maya.id)).toEqual({ status: 200, body: { following: false } });
  });

  it('answers 401 without a session, 400 for a bad id and 404 for nobody, changing nothing', async () => {
    const [maya, sam] = [await createUser(), await createUser()];
    await follow(sam, maya.id);
    expect(await unfollow(null, maya.id)).toEqual(SIGNED_OUT);
    expect(await unfollow(sam, 'a b')).toEqual(BAD_ID);
    expect(await unfollow(sam, 'local|nobody-here')).toEqual(NOT_FOUND);
    expect(await allFollows()).toEqual([{ followerId: sam.id, creatorId: maya.id }]);
  });
});

describe('GET /api/follows/{creatorId}', () => {
  it('tells each viewer their own state only, and a visitor nothing', async () => {
    const [maya, sam, leo] = [await createUser(), await createUser(), await createUser()];
    await follow(sam, maya.id);
    expect(await followState(sam, maya.id)).toEqual({ status: 200, body: { following: true } });
    expect(await followState(leo, maya.id)).toEqual({ status: 200, body: { following: false } });
    expect(await followState(null, maya.id)).toEqual(SIGNED_OUT);
    expect(await followState(sam, 'local|nobody-here')).toEqual(NOT_FOUND);
  });
});

describe('deleting an account', () => {
  it('removes whom it followed and who followed it', async () => {
    const [maya, sam, leo] = [await createUser(), await createUser(), await createUser()];
    await follow(sam, maya.id);
    await follow(maya, leo.id);
    await follow(sam, leo.id);
    await eraseAccount(maya.id);
    expect(await allFollows()).toEqual([{ followerId: sam.id, creatorId: leo.id }]);
  });

  it('lists whom the account follows in its data export, and not who follows it', async () => {
    const maya = await createUser({ nickname: 'maya_exported' });
    const [sam, leo] = [await createUser(), await createUser()];
    await follow(sam, maya.id);
    await follow(maya, leo.id);
    const file = JSON.parse((await buildDataExport(sam.id))!);
    expect(file.following).toEqual([{ creatorId: maya.id, handle: 'maya_exported', followedAt: expect.any(String) }]);
    const mayas = JSON.parse((await buildDataExport(maya.id))!);
    expect(mayas.following).toEqual([{ creatorId: leo.id, handle: leo.nickname, followedAt: expect.any(String) }]);
    expect(JSON.stringify(mayas)).not.toContain(sam.id);
  });
});
