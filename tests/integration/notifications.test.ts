import { asc, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { db } from '@/lib/db/client';
import { emailOutbox, notificationPreferences, notifications, purchases } from '@/models';
import { createEnvolvement, createPurchase, createUser, type TestUser } from '../factories';
import { useTestDatabase } from '../helpers/db';
import { toldColumns } from '../helpers/notifications';
import { call } from '../helpers/http';
import { joinByCard, paidSetup, useFakeStripe } from '../helpers/payments';

useTestDatabase();
const stripe = useFakeStripe();

const UNKNOWN = '00000000-0000-4000-8000-000000000000';
const SIGNED_OUT = { error: 'You must be signed in to do this.', code: 'unauthorized' };

type Told = {
  recipientId: string;
  actorId: string | null;
  kind: string;
  envolvementId: string | null;
  text: string;
  link: string;
};

/** Every notification written, without ids and times, by recipient then kind. */
async function told(): Promise<Told[]> {
  const rows = await db().select(toldColumns).from(notifications).orderBy(asc(notifications.createdAt));
  return sortTold(rows);
}

const sortTold = (rows: Told[]) =>
  [...rows].sort((a, b) => a.recipientId.localeCompare(b.recipientId) || a.kind.localeCompare(b.kind));

/** The recipients whose notifications have an e-mail outbox row, sorted. */
async function mailedTo(): Promise<string[]> {
  const rows = await db()
    .select({ recipientId: notifications.recipientId, status: emailOutbox.status })
    .from(emailOutbox)
    .innerJoin(notifications, eq(notifications.id, emailOutbox.notificationId));
  for (const row of rows) expect(row.status).toBe('pending');
  return rows.map((r) => r.recipientId).sort();
}

const link = (id: string, tab: string) => `/envolvement/${id}?tab=${tab}`;
const joinFree = (as: TestUser, id: string) =>
  call('POST', '/api/payment/grant-access', { as, json: { submissionId: id } });
const postUpdate = (as: TestUser, id: string, title: string) =>
  call('POST', `/api/post/add-comment/${id}`, { as, json: { title, description: 'Details' } });
const openSubmissions = (as: TestUser, id: string) =>
  call('POST', `/api/user_submissions/open-submissions/${id}`, { as, json: { description: true } });
const sendSubmission = (as: TestUser, id: string, description: string) =>
  call('POST', `/api/user_submissions/post-user-submission/${id}`, { as, json: { description } });
const setStatuses = (as: TestUser, id: string, entries: Array<{ user: TestUser; status: string }>) =>
  call('POST', `/api/user_submissions/update-submission-status/${id}`, {
    as,
    json: {
      SubmissionProgressArray: entries.map(({ user, status }) => ({
        userID: user.id,
        progress: Object.fromEntries(
          ['inReview', 'approved', 'denied', 'completed'].map((name) => [name, name === status]),
        ),
      })),
    },
  });

async function endMembership(envolvementId: string, userId: string) {
  await db()
    .update(purchases)
    .set({ endedAt: new Date(), endReason: 'refunded' })
    .where(sql`${purchases.envolvementId} = ${envolvementId} and ${purchases.userId} = ${userId}`);
}

/** The creator's envolvement, open for text submissions. */
const createOpenForSubmissions = (creator: TestUser) =>
  createEnvolvement(creator.id, { submissionsAllowed: true, submissionsActive: true, submissionText: true });

describe('who is told of what', () => {
  it('a free join tells the creator, not the member; both have e-mail, only the creator is mailed', async () => {
    const creator = await createUser();
    const fan = await createUser();
    const row = await createEnvolvement(creator.id);
    expect(await joinFree(fan, row.id)).toMatchObject({ status: 200, body: { success: true } });
    expect(await told()).toEqual([
      {
        recipientId: creator.id,
        actorId: fan.id,
        kind: 'member_joined',
        envolvementId: row.id,
        text: `${fan.name} joined ${row.title}`,
        link: link(row.id, 'members'),
      },
    ]);
    expect(await mailedTo()).toEqual([creator.id]);
  });

  it('a refused join tells nobody', async () => {
    const creator = await createUser();
    const row = await createEnvolvement(creator.id);
    expect((await joinFree(creator, row.id)).status).toBe(403);
    const fan = await createUser();
    await joinFree(fan, row.id);
    expect((await joinFree(fan, row.id)).status).toBe(409);
    expect((await told()).map((n) => n.kind)).toEqual(['member_joined']);
  });

  it('a card payment tells the creator once, with the amount', async () => {
    const { creator, buyer, row } = await paidSetup();
    await joinByCard(stripe(), buyer, row.id);
    expect(await told()).toEqual([
      {
        recipientId: creator.id,
        actorId: buyer.id,
        kind: 'member_paid',
        envolvementId: row.id,
        text: `${buyer.name} paid $19.99 for ${row.title}`,
        link: link(row.id, 'members'),
      },
    ]);
    expect(await mailedTo()).toEqual([creator.id]);
  });

  it("the creator's refund tells the buyer, not the creator who made it", async () => {
    const { creator, buyer, row } = await paidSetup();
    const { purchase } = await joinByCard(stripe(), buyer, row.id);
    await db().delete(notifications);
    const res = await call('POST', `/api/payment/refund/${purchase.id}`, { as: creator });
    expect(res.status).toBe(200);
    expect(await told()).toEqual([
      {
        recipientId: buyer.id,
        actorId: creator.id,
        kind: 'payment_refunded',
        envolvementId: row.id,
        text: `Your payment of $19.99 for ${row.title} was refunded.`,
        link: link(row.id, 'activity'),
      },
    ]);
    expect(await mailedTo()).toEqual([buyer.id]);
  });

  it('deleting an envolvement refunds its buyers and tells each of them', async () => {
    const { creator, buyer, row } = await paidSetup();
    const second = await createUser();
    await joinByCard(stripe(), buyer, row.id);
    await joinByCard(stripe(), second, row.id);
    await db().delete(notifications);
    const res = await call('DELETE', `/api/post/${row.id}`, { as: creator });
    expect(res.body).toMatchObject({ archived: true, refunded: 2 });
    const refunded = (user: TestUser) => ({
      recipientId: user.id,
      actorId: creator.id,
      kind: 'payment_refunded',
      envolvementId: row.id,
      text: `Your payment of $19.99 for ${row.title} was refunded.`,
      link: link(row.id, 'activity'),
    });
    expect(await told()).toEqual(sortTold([refunded(buyer), refunded(second)]));
    expect(await mailedTo()).toEqual([buyer.id, second.id].sort());
  });

  it('an update tells every current member, not those whose membership ended, nor the creator', async () => {
    const creator = await createUser();
    const row = await createEnvolvement(creator.id);
    const [first, second, gone, stranger] = [
      await createUser(),
      await createUser(),
      await createUser(),
      await createUser(),
    ];
    for (const user of [first, second, gone]) await createPurchase(row.id, user.id);
    await endMembership(row.id, gone.id);
    const res = await postUpdate(creator, row.id, 'Sketches are in');
    expect(res.status).toBe(201);
    const postId = res.body._id as string;
    const update = (user: TestUser) => ({
      recipientId: user.id,
      actorId: creator.id,
      kind: 'update_posted',
      envolvementId: row.id,
      text: `${creator.name} posted an update on ${row.title}: Sketches are in`,
      link: `/envolvement/${row.id}?tab=activity#update-${postId}`,
    });
    expect(await told()).toEqual(sortTold([update(first), update(second)]));
    expect(await mailedTo()).toEqual([first.id, second.id].sort());
    expect((await told()).some((n) => n.recipientId === stranger.id)).toBe(false);
  });

  it('opening submissions tells the members once, however often the types change', async () => {
    const creator = await createUser();
    const row = await createEnvolvement(creator.id);
    const [first, second] = [await createUser(), await createUser()];
    for (const user of [first, second]) await createPurchase(row.id, user.id);
    expect((await openSubmissions(creator, row.id)).status).toBe(200);
    expect((await openSubmissions(creator, row.id)).status).toBe(200);
    const opened = (user: TestUser) => ({
      recipientId: user.id,
      actorId: creator.id,
      kind: 'submissions_opened',
      envolvementId: row.id,
      text: `Submissions are open for ${row.title}`,
      link: link(row.id, 'submissions'),
    });
    expect(await told()).toEqual(sortTold([opened(first), opened(second)]));
  });

  it('a new and then a changed submission each tell the creator', async () => {
    const creator = await createUser();
    const row = await createOpenForSubmissions(creator);
    const fan = await createUser();
    await createPurchase(row.id, fan.id);
    expect((await sendSubmission(fan, row.id, 'first try')).status).toBe(200);
    expect((await sendSubmission(fan, row.id, 'second try')).status).toBe(200);
    const base = { recipientId: creator.id, actorId: fan.id, envolvementId: row.id, link: link(row.id, 'submissions') };
    expect(await told()).toEqual([
      { ...base, kind: 'submission_changed', text: `${fan.name} changed their submission for ${row.title}` },
      { ...base, kind: 'submission_received', text: `${fan.name} sent a submission for ${row.title}` },
    ]);
    expect(await mailedTo()).toEqual([creator.id, creator.id]);
  });

  it('a status change tells each submitter whose status changed, and no one else', async () => {
    const creator = await createUser();
    const row = await createOpenForSubmissions(creator);
    const [approved, denied, unchanged] = [await createUser(), await createUser(), await createUser()];
    for (const user of [approved, denied, unchanged]) {
      await createPurchase(row.id, user.id);
      await sendSubmission(user, row.id, 'mine');
    }
    await db().delete(notifications);
    const res = await setStatuses(creator, row.id, [
      { user: approved, status: 'approved' },
      { user: denied, status: 'denied' },
      { user: unchanged, status: 'inReview' },
    ]);
    expect(res.status).toBe(200);
    const status = (user: TestUser, words: string) => ({
      recipientId: user.id,
      actorId: creator.id,
      kind: 'submission_status',
      envolvementId: row.id,
      text: `Your submission for ${row.title} ${words}.`,
      link: link(row.id, 'submissions'),
    });
    expect(await told()).toEqual(sortTold([status(approved, 'was approved'), status(denied, 'was denied')]));
    await db().delete(notifications);
    await setStatuses(creator, row.id, [
      { user: approved, status: 'completed' },
      { user: denied, status: 'inReview' },
    ]);
    expect(await told()).toEqual(
      sortTold([status(approved, 'was marked completed'), status(denied, 'is back in review')]),
    );
  });
});

describe('the e-mail outbox', () => {
  it('has no row for a recipient without an e-mail address, or who turned that topic off', async () => {
    const silent = await createUser();
    const noEmail = await createUser({ email: null as unknown as string });
    const muted = await createUser();
    await db().insert(notificationPreferences).values({ userId: muted.id, emailMembers: false });
    const fan = await createUser();
    for (const creator of [silent, noEmail, muted]) {
      const row = await createEnvolvement(creator.id);
      await joinFree(fan, row.id);
    }
    expect((await told()).map((n) => n.recipientId)).toEqual([silent.id, noEmail.id, muted.id].sort());
    expect(await mailedTo()).toEqual([silent.id]);
  });

  it('follows the preferences set through the API: a topic off, another still on', async () => {
    const creator = await createUser();
    const fan = await createUser();
    const row = await createOpenForSubmissions(creator);
    await call('PUT', '/api/notifications/preferences', { as: creator, json: { members: false } });
    await joinFree(fan, row.id);
    await sendSubmission(fan, row.id, 'mine');
    expect((await told()).map((n) => n.kind)).toEqual(['member_joined', 'submission_received']);
    const mailedKinds = await db()
      .select({ kind: notifications.kind })
      .from(emailOutbox)
      .innerJoin(notifications, eq(notifications.id, emailOutbox.notificationId));
    expect(mailedKinds).toEqual([{ kind: 'submission_received' }]);
  });
});

/** `count` notifications for `recipient`, a minute apart, the newest first; some share a time. */
async function seedNotifications(recipient: TestUser, count: number, actor: TestUser | null = null) {
  const start = Date.parse('2030-01-01T12:00:00.000Z');
  const rows = Array.from({ length: count }, (_, i) => ({
    recipientId: recipient.id,
    actorId: actor?.id ?? null,
    kind: 'member_joined' as const,
    envolvementId: UNKNOWN,
    text: `Notice ${i}`,
    link: `/envolvement/${UNKNOWN}?tab=members`,
    // Pairs of rows share a time: the id breaks the tie.
    createdAt: new Date(start - Math.floor(i / 2) * 60_000),
  }));
  return db().insert(notifications).values(rows).returning();
}

/** The status and body of an answer, to compare whole. */
const answer = async (pending: ReturnType<typeof call>) => {
  const { status, body } = await pending;
  return { status, body };
};
const list = (as: TestUser | null, cursor?: string) =>
  answer(call('GET', `/api/notifications${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}`, { as }));
const unread = (as: TestUser | null) => answer(call('GET', '/api/notifications/unread', { as }));
const read = (as: TestUser | null, id: string) => answer(call('POST', `/api/notifications/${id}/read`, { as }));
const readAll = (as: TestUser | null) => answer(call('POST', '/api/notifications/read-all', { as }));

async function readAtOf(id: string) {
  const [row] = await db().select({ readAt: notifications.readAt }).from(notifications).where(eq(notifications.id, id));
  return row!.readAt;
}

describe('GET /api/notifications', () => {
  it('pages newest first, 20 at a time, each row once, with the actor and the unread count', async () => {
    const me = await createUser({ picture: 'https://img.example/me.png' });
    const actor = await createUser({ name: 'Mia Maker', nickname: 'maker', picture: 'https://img.example/maker.png' });
    const seeded = await seedNotifications(me, 25, actor);
    await seedNotifications(actor, 3, me);
    const expected = [...seeded]
      .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || b.id.localeCompare(a.id))
      .map((row) => ({
        id: row.id,
        kind: 'member_joined',
        text: row.text,
        link: row.link,
        createdAt: row.createdAt.toISOString(),
        read: false,
        actor: { id: actor.id, name: 'Mia Maker', picture: 'https://img.example/maker.png' },
      }));
    const first = await list(me);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ items: expected.slice(0, 20), nextCursor: expect.any(String), unread: 25 });
    const second = await list(me, first.body.nextCursor);
    expect(second.body).toEqual({ items: expected.slice(20), nextCursor: null, unread: 25 });
  });

  it('names no actor for what the app did, shows read ones as read, and has no next page at exactly 20', async () => {
    const me = await createUser();
    const [row] = await seedNotifications(me, 20);
    await read(me, row!.id);
    const res = await list(me);
    expect(res.body.items).toHaveLength(20);
    expect(res.body.nextCursor).toBeNull();
    expect(res.body.unread).toBe(19);
    expect(res.body.items.find((item: { id: string }) => item.id === row!.id)).toMatchObject({
      read: true,
      actor: null,
    });
  });

  it('skips no row made in the same millisecond as the last of a page', async () => {
    const me = await createUser();
    const rows = await seedNotifications(me, 21);
    // The 20th and 21st, newest first, 400 microseconds apart within one millisecond.
    const ordered = [...rows].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || b.id.localeCompare(a.id));
    const [twentieth, last] = [ordered[19]!, ordered[20]!];
    await db().execute(sql`update notifications set created_at = case id
        when ${twentieth.id}::uuid then '2029-12-31 00:00:00.000900+00'::timestamptz
        else '2029-12-31 00:00:00.000500+00'::timestamptz end
      where id in (${twentieth.id}::uuid, ${last.id}::uuid)`);
    const first = await list(me);
    expect(first.body.items.at(-1).id).toBe(twentieth.id);
    const second = await list(me, first.body.nextCursor);
    expect(second.body.items.map((item: { id: string }) => item.id)).toEqual([last.id]);
  });

  it('links only to paths of this site', async () => {
    const me = await createUser();
    const [row] = await seedNotifications(me, 1);
    for (const bad of ['https://evil.example/x', '//evil.example/x', '/\\evil.example/x', 'javascript:alert(1)']) {
      await db().update(notifications).set({ link: bad }).where(eq(notifications.id, row!.id));
      expect((await list(me)).body.items[0].link).toBe('/notifications');
    }
  });

  it('gives an empty first page to someone with none, refuses a bad cursor and visitors', async () => {
    const me = await createUser();
    expect(await list(me)).toEqual({ status: 200, body: { items: [], nextCursor: null, unread: 0 } });
    expect(await list(me, 'not-a-cursor')).toEqual({
      status: 400,
      body: { error: 'Invalid cursor', code: 'bad_request' },
    });
    expect(await list(null)).toEqual({ status: 401, body: SIGNED_OUT });
  });
});

describe('GET /api/notifications/unread', () => {
  it("counts the user's unread notifications only, up to 100", async () => {
    const me = await createUser();
    const other = await createUser();
    await seedNotifications(other, 4);
    expect(await unread(me)).toEqual({ status: 200, body: { unread: 0 } });
    const [first] = await seedNotifications(me, 100);
    expect((await unread(me)).body).toEqual({ unread: 100 });
    await seedNotifications(me, 1);
    expect((await unread(me)).body).toEqual({ unread: 100 });
    await read(me, first!.id);
    await read(me, (await seedNotifications(me, 1))[0]!.id);
    expect((await unread(me)).body).toEqual({ unread: 100 });
    await readAll(me);
    expect((await unread(me)).body).toEqual({ unread: 0 });
    expect((await unread(other)).body).toEqual({ unread: 4 });
  });

  it('refuses visitors', async () => {
    expect(await unread(null)).toEqual({ status: 401, body: SIGNED_OUT });
  });
});

describe('POST /api/notifications/{id}/read', () => {
  it('marks one read and answers the unread count; again changes nothing', async () => {
    const me = await createUser();
    const [first, second] = await seedNotifications(me, 2);
    expect(await read(me, first!.id)).toEqual({ status: 200, body: { unread: 1 } });
    const readAt = await readAtOf(first!.id);
    expect(readAt).toBeInstanceOf(Date);
    expect(await readAtOf(second!.id)).toBeNull();
    expect(await read(me, first!.id)).toEqual({ status: 200, body: { unread: 1 } });
    expect(await readAtOf(first!.id)).toEqual(readAt);
  });

  it("refuses someone else's (403), unknown and malformed ids (404), and visitors (401)", async () => {
    const me = await createUser();
    const other = await createUser();
    const [theirs] = await seedNotifications(other, 1);
    expect(await read(me, theirs!.id)).toEqual({
      status: 403,
      body: { error: 'This notification is not yours.', code: 'forbidden' },
    });
    expect(await readAtOf(theirs!.id)).toBeNull();
    const notFound = { status: 404, body: { error: 'Notification not found', code: 'not_found' } };
    expect(await read(me, UNKNOWN)).toEqual(notFound);
    expect(await read(me, 'not-a-uuid')).toEqual(notFound);
    expect(await read(null, theirs!.id)).toEqual({ status: 401, body: SIGNED_OUT });
    expect(await readAtOf(theirs!.id)).toBeNull();
  });
});

describe('POST /api/notifications/read-all', () => {
  it("marks every one of the user's read, and nobody else's", async () => {
    const me = await createUser();
    const other = await createUser();
    await seedNotifications(me, 3);
    const [theirs] = await seedNotifications(other, 1);
    expect(await readAll(me)).toEqual({ status: 200, body: { unread: 0 } });
    expect((await list(me)).body.items.map((item: { read: boolean }) => item.read)).toEqual([true, true, true]);
    expect(await readAtOf(theirs!.id)).toBeNull();
    expect(await readAll(me)).toEqual({ status: 200, body: { unread: 0 } });
  });

  it('refuses visitors', async () => {
    expect(await readAll(null)).toEqual({ status: 401, body: SIGNED_OUT });
  });
});

describe('/api/notifications/preferences', () => {
  const ALL_ON = { members: true, updates: true, submissions: true, comments: true, following: true };
  const get = (as: TestUser | null) => answer(call('GET', '/api/notifications/preferences', { as }));
  const put = (as: TestUser | null, json: unknown) =>
    answer(call('PUT', '/api/notifications/preferences', { as, json }));

  it('starts with every topic on, changes only the topics sent, and keeps them per user', async () => {
    const me = await createUser();
    const other = await createUser();
    expect(await get(me)).toEqual({ status: 200, body: ALL_ON });
    expect(await put(me, { members: false })).toEqual({ status: 200, body: { ...ALL_ON, members: false } });
    expect(await put(me, { comments: false, updates: false })).toEqual({
      status: 200,
      body: { members: false, updates: false, submissions: true, comments: false, following: true },
    });
    expect((await get(me)).body).toEqual({
      members: false,
      updates: false,
      submissions: true,
      comments: false,
      following: true,
    });
    expect(await put(me, ALL_ON)).toEqual({ status: 200, body: ALL_ON });
    expect((await get(other)).body).toEqual(ALL_ON);
    expect(await db().select().from(notificationPreferences)).toHaveLength(1);
  });

  it('refuses anything but those booleans, changing nothing', async () => {
    const me = await createUser();
    await put(me, { submissions: false });
    const bad = async (json: unknown) => {
      const res = await put(me, json);
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('bad_request');
      return res.body;
    };
    expect(await bad({})).toEqual({
      error: 'Send at least one of members, updates, submissions, comments, following',
      code: 'bad_request',
      fields: { _: 'Send at least one of members, updates, submissions, comments, following' },
    });
    expect(await bad({ members: 'yes' })).toEqual({
      error: 'members must be true or false',
      code: 'bad_request',
      fields: { members: 'members must be true or false' },
    });
    const unknown = 'Unknown e-mail setting: sms, email';
    expect(await bad({ members: true, sms: true, email: false })).toEqual({
      error: unknown,
      code: 'bad_request',
      fields: { _: unknown },
    });
    const notObject = 'Send the e-mail settings as an object of members, updates, submissions, comments, following';
    for (const json of [[true], null, 'members', true]) {
      expect(await bad(json)).toEqual({ error: notObject, code: 'bad_request', fields: { _: notObject } });
    }
    expect(await bad({ comments: null, updates: 1 })).toEqual({
      error: 'updates must be true or false',
      code: 'bad_request',
      fields: { updates: 'updates must be true or false', comments: 'comments must be true or false' },
    });
    expect((await get(me)).body).toEqual({ ...ALL_ON, submissions: false });
  });

  it('refuses visitors', async () => {
    expect(await get(null)).toEqual({ status: 401, body: SIGNED_OUT });
    expect(await put(null, { members: false })).toEqual({ status: 401, body: SIGNED_OUT });
    expect(await db().select().from(notificationPreferences)).toEqual([]);
  });
});
