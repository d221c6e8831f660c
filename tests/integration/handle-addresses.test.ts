import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { db } from '@/lib/db/client';
import { resolveProfileAddress } from '@/lib/users/handle-addresses';
import { findUserByIdOrSlug } from '@/lib/users/profile';
import { getProfileCard } from '@/lib/seo/og';
import { pagePartFor } from '@/lib/viewer/page';
import { handleRedirects, users } from '@/models';
import { useTestDatabase } from '../helpers/db';
import { call } from '../helpers/http';
import { createUser, type TestUser } from '../factories';

useTestDatabase();

// A profile's address people can say, `/@handle`, and every other address of it leading
// there: its id, the handle without '@' or in another case, and the handles it had before,
// until someone else takes one of those.

const rename = (user: TestUser, handle: string) =>
  call('PATCH', '/api/account/profile', { as: user, json: { handle } });

const redirectsOf = async (userId: string) =>
  (await db().select().from(handleRedirects).where(eq(handleRedirects.userId, userId))).map((row) => row.oldHandle);

describe('a profile address', () => {
  it('is the profile at `@handle` as written, and moves there from its id, its bare handle and another case', async () => {
    const maya = await createUser({ id: 'local|maya-address', nickname: 'Maya_Chen' });
    expect(await resolveProfileAddress('@Maya_Chen')).toEqual({ kind: 'profile', userId: maya.id });
    const there = { kind: 'moved', handle: 'Maya_Chen' };
    for (const segment of ['@maya_chen', 'maya-address', 'local|maya-address', 'Maya_Chen', 'maya_chen']) {
      expect(await resolveProfileAddress(segment)).toEqual(there);
    }
  });

  it('names nothing for an unknown handle or id, a malformed one, or a deleted account', async () => {
    const gone = await createUser({ id: 'local|gone-address', nickname: 'gone_one' });
    await db().update(users).set({ deletedAt: new Date() }).where(eq(users.id, gone.id));
    const long = 'x'.repeat(301);
    const odd = ['\u0000', 'a\u0000b', '\u202e'];
    for (const segment of [
      '@nobody_here',
      '@no',
      '@has space',
      '@a/b',
      '',
      '@',
      'gone-address',
      '@gone_one',
      long,
      ...odd,
    ]) {
      expect(await resolveProfileAddress(segment)).toBeNull();
    }
  });

  it('finds the profile, its share card and its viewer part by `@handle`', async () => {
    const leo = await createUser({ id: 'local|leo-address', name: 'Leo Okafor', nickname: 'leoplays' });
    expect(await findUserByIdOrSlug('@LeoPlays')).toMatchObject({ id: leo.id });
    expect(await getProfileCard('@leoplays')).toMatchObject({ name: 'Leo Okafor', handle: 'leoplays' });
    expect(await pagePartFor('/@leoplays', null)).toMatchObject({ kind: 'profile', userId: leo.id, isOwner: false });
    expect(await pagePartFor('/%40leoplays', null)).toMatchObject({ kind: 'profile', userId: leo.id, isOwner: false });
    expect(await findUserByIdOrSlug('@not a handle')).toBeNull();
  });
});

describe('a change of handle', () => {
  it('leaves the old handle leading to the new one, through every later change', async () => {
    const ines = await createUser({ nickname: 'ines_old' });
    expect(await rename(ines, 'ines_mid')).toMatchObject({ status: 200 });
    expect(await rename(ines, 'ines_new')).toMatchObject({ status: 200 });
    for (const segment of ['@ines_old', '@INES_OLD', 'ines_old', '@ines_mid']) {
      expect(await resolveProfileAddress(segment)).toEqual({ kind: 'moved', handle: 'ines_new' });
    }
    expect(await resolveProfileAddress('@ines_new')).toEqual({ kind: 'profile', userId: ines.id });
    expect((await redirectsOf(ines.id)).sort()).toEqual(['ines_mid', 'ines_old']);
  });

  it('back to a handle its owner had before, that one is theirs again and leads nowhere else', async () => {
    const ines = await createUser({ nickname: 'ines_back' });
    await rename(ines, 'ines_away');
    await rename(ines, 'ines_back');
    expect(await resolveProfileAddress('@ines_back')).toEqual({ kind: 'profile', userId: ines.id });
    expect(await resolveProfileAddress('@ines_away')).toEqual({ kind: 'moved', handle: 'ines_back' });
    expect(await redirectsOf(ines.id)).toEqual(['ines_away']);
  });

  it('only in case is no move: nothing is kept for the old spelling', async () => {
    const sam = await createUser({ nickname: 'samplays' });
    expect(await rename(sam, 'SamPlays')).toMatchObject({ status: 200 });
    expect(await redirectsOf(sam.id)).toEqual([]);
    expect(await resolveProfileAddress('@samplays')).toEqual({ kind: 'moved', handle: 'SamPlays' });
  });

  it('a released handle stops leading to its former owner once someone else takes it', async () => {
    const first = await createUser({ nickname: 'wanted_name' });
    await rename(first, 'first_now');
    expect(await resolveProfileAddress('@wanted_name')).toEqual({ kind: 'moved', handle: 'first_now' });
    const second = await createUser({ nickname: 'second_one' });
    expect(await rename(second, 'Wanted_Name')).toMatchObject({ status: 200 });
    expect(await resolveProfileAddress('@Wanted_Name')).toEqual({ kind: 'profile', userId: second.id });
    expect(await resolveProfileAddress('@wanted_name')).toEqual({ kind: 'moved', handle: 'Wanted_Name' });
    expect(await redirectsOf(first.id)).toEqual([]);
    // And the second's old handle is theirs to lead from.
    expect(await resolveProfileAddress('@second_one')).toEqual({ kind: 'moved', handle: 'Wanted_Name' });
  });

  it('a handle refused as taken changes nothing', async () => {
    await createUser({ nickname: 'taken_one' });
    const other = await createUser({ nickname: 'keeps_hers' });
    expect(await rename(other, 'taken_one')).toMatchObject({ status: 409 });
    expect(await redirectsOf(other.id)).toEqual([]);
    expect(await resolveProfileAddress('@keeps_hers')).toEqual({ kind: 'profile', userId: other.id });
  });

  it("a deleted account's handles, its old ones too, lead nowhere", async () => {
    const leaving = await createUser({ nickname: 'leaving_old' });
    await rename(leaving, 'leaving_now');
    expect(await call('DELETE', '/api/account', { as: leaving, json: { confirm: 'DELETE' } })).toMatchObject({
      status: 200,
    });
    expect(await resolveProfileAddress('@leaving_now')).toBeNull();
    expect(await resolveProfileAddress('@leaving_old')).toBeNull();
    expect(await db().select().from(handleRedirects).where(eq(handleRedirects.oldHandle, 'leaving_old'))).toEqual([]);
  });
});
