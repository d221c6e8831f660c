import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { db } from '@/lib/db/client';
import { PAGE_PATH_MAX } from '@/lib/validation/viewer';
import { envolvements } from '@/models';
import { createEnvolvement, createUser, createWithMembers, type TestUser } from '../factories';
import { useTestDatabase } from '../helpers/db';
import { call } from '../helpers/http';

useTestDatabase();

// A public page is the same for everyone and comes from the cache; what it shows that depends
// on the viewer comes with `GET /api/me?page=<its path>` (lib/viewer), one request beside it.

const partsOf = async (path: string, as: TestUser | null = null) => {
  const answer = await call('GET', `/api/me?page=${encodeURIComponent(path)}`, { as });
  expect(answer.status).toBe(200);
  expect(answer.response.headers.get('cache-control')).toBe('private, no-store');
  return answer.body.page;
};

const removeIt = (id: string) =>
  db()
    .update(envolvements)
    .set({ archivedAt: sql`now()`, isActive: false })
    .where(eq(envolvements.id, id));

describe('GET /api/me?page=/envolvement/{id}', () => {
  it('asks a visitor to sign in, and keeps the member tabs and the tools from them', async () => {
    const { creator, row } = await createWithMembers(1);
    expect(await partsOf(`/envolvement/${row.id}`)).toEqual({
      kind: 'envolvement',
      id: row.id,
      signedIn: false,
      action: {
        kind: 'go',
        label: 'Sign in to join',
        href: `/login?callbackUrl=${encodeURIComponent(`/payment/${row.id}`)}`,
      },
      wait: null,
      isCreator: false,
      follow: { creatorId: creator.id, following: false },
      creatorTools: null,
      editable: null,
      membership: null,
      tabs: null,
    });
  });

  it('offers a signed-in stranger to join, behind the lock', async () => {
    const { row } = await createWithMembers(1);
    const stranger = await createUser();
    expect(await partsOf(`/envolvement/${row.id}`, stranger)).toMatchObject({
      signedIn: true,
      action: { kind: 'join', label: 'Join for Free', href: `/payment/${row.id}`, envolvementId: row.id },
      isCreator: false,
      creatorTools: null,
      tabs: null,
    });
  });

  it('gives a member their membership and the tabs they may read, and nothing of the creator’s', async () => {
    const { row, members } = await createWithMembers(1, { submissionsAllowed: true });
    const part = await partsOf(`/envolvement/${row.id}`, members[0]!);
    expect(part).toMatchObject({
      action: { kind: 'disabled', label: 'Already Joined' },
      isCreator: false,
      creatorTools: null,
      editable: null,
      membership: { free: true, endReason: null },
      tabs: { posts: [], submissions: { kind: 'not_enabled' }, members: null, mayPost: false },
    });
  });

  it('gives its creator the tools, what deleting would do, the form’s starting point and the members', async () => {
    const { creator, row, members } = await createWithMembers(2);
    const part = await partsOf(`/envolvement/${row.id}`, creator);
    expect(part).toMatchObject({
      action: { kind: 'disabled', label: 'This is your Envolvement' },
      isCreator: true,
      creatorTools: { members: 2, paidMembers: 0, refundCents: 0 },
      editable: { _id: row.id, title: row.title },
      tabs: { mayPost: true, submissions: null },
    });
    expect(part.tabs.members.items.map((m: { userID: string }) => m.userID).sort()).toEqual(
      members.map((m) => m.id).sort(),
    );
    // Another creator's envolvement gives them nothing of the kind.
    const other = await createEnvolvement((await createUser()).id);
    expect(await partsOf(`/envolvement/${other.id}`, creator)).toMatchObject({
      isCreator: false,
      creatorTools: null,
      editable: null,
      tabs: null,
    });
  });

  it('tells the creator and members of one that is not public that they may open it, and nobody else', async () => {
    const { creator, row, members } = await createWithMembers(1);
    const draft = await createEnvolvement(creator.id, { isActive: false });
    await removeIt(row.id);
    const stranger = await createUser();
    for (const [id, who, mayOpen] of [
      [draft.id, creator, true],
      [draft.id, stranger, false],
      [draft.id, null, false],
      [row.id, creator, true],
      [row.id, members[0]!, true],
      [row.id, stranger, false],
    ] as const)
      expect([id, who?.id, await partsOf(`/envolvement/${id}`, who)]).toEqual([
        id,
        who?.id,
        { kind: 'private-envolvement', id, mayOpen },
      ]);
    // At its private page they get its parts; anyone else nothing.
    expect(await partsOf(`/envolvement/${draft.id}/private`, creator)).toMatchObject({
      kind: 'envolvement',
      isCreator: true,
    });
    expect(await partsOf(`/envolvement/${row.id}/private`, members[0]!)).toMatchObject({
      kind: 'envolvement',
      membership: { endReason: null },
    });
    expect(await partsOf(`/envolvement/${draft.id}/private`, stranger)).toBeNull();
    expect(await partsOf(`/envolvement/${draft.id}/private`)).toBeNull();
  });

  it('answers no parts for a page that names nothing', async () => {
    const maya = await createUser();
    for (const path of [
      '/envolvement/not-a-uuid',
      '/envolvement/3f2504e0-4f89-41d3-9a0c-0305e82c3301',
      '/explore',
      '/',
      '/envolvement',
      '/profile/nobody-at-all',
      '/profile/search',
    ])
      expect([path, await partsOf(path, maya)]).toEqual([path, null]);
  });

  it('refuses a page that is not a path of the site, or too long, with 400', async () => {
    const refused = (error: string) => ({ status: 400, body: { error, code: 'bad_request', fields: { page: error } } });
    const ask = async (page: string) => {
      const { status, body } = await call('GET', `/api/me?page=${encodeURIComponent(page)}`);
      return { status, body };
    };
    expect(await ask('https://evil.example/envolvement/x')).toEqual(refused('The page must be a path of this site'));
    expect(await ask(`/${'a'.repeat(PAGE_PATH_MAX)}`)).toEqual(
      refused(`The page must be ${PAGE_PATH_MAX} characters or fewer`),
    );
    expect((await ask(`/${'a'.repeat(PAGE_PATH_MAX - 1)}`)).status).toBe(200);
  });
});

describe('GET /api/me?page=/profile/{user}', () => {
  it('tells the owner it is theirs, by either form of its address, and nobody else', async () => {
    const maya = await createUser({ id: 'local|maya-parts', nickname: 'maya_parts' });
    const sam = await createUser();
    for (const path of ['/profile/maya-parts', `/profile/${encodeURIComponent('local|maya-parts')}`]) {
      const part = { kind: 'profile', userId: maya.id, following: false };
      expect(await partsOf(path, maya)).toEqual({ ...part, isOwner: true, signedIn: true, followers: 0 });
      expect(await partsOf(path, sam)).toEqual({ ...part, isOwner: false, signedIn: true, followers: null });
      expect(await partsOf(path)).toEqual({ ...part, isOwner: false, signedIn: false, followers: null });
    }
  });
});
