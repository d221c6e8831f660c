import { asc, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildDataExport } from '@/lib/account/export-data';
import { db } from '@/lib/db/client';
import { composeEmail } from '@/lib/notifications/deliver';
import { RATE_LIMITS } from '@/lib/rate-limit';
import { emailOutbox, envolvements, notificationPreferences, notifications, spotWaits } from '@/models';
import { createEnvolvement, createPurchase, createUser, type TestUser } from '../factories';
import { editBody } from '../factories/envolvement-input';
import { useTestDatabase } from '../helpers/db';
import { call } from '../helpers/http';
import { toldColumns } from '../helpers/notifications';
import { paidSetup, usePayments } from '../helpers/payments';

// "Tell me when a spot opens": waiting for a spot on a sold-out envolvement through the
// API, and the first people waiting told (in the product and by e-mail) when one frees up.

const database = useTestDatabase();
const { stripe, joinByCard, deliver } = usePayments();

const UNKNOWN = '00000000-0000-4000-8000-000000000000';
const SIGNED_OUT = { status: 401, body: { error: 'You must be signed in to do this.', code: 'unauthorized' } };
const NOT_FOUND = { status: 404, body: { error: 'Envolvement not found', code: 'not_found' } };

const path = (id: string) => `/api/post/${id}/waitlist`;
const wait = (as: TestUser | null, id: string) => answer(call('POST', path(id), { as }));
const stop = (as: TestUser | null, id: string) => answer(call('DELETE', path(id), { as }));
const waitState = (as: TestUser | null, id: string) => answer(call('GET', path(id), { as }));
const refund = (as: TestUser, purchaseId: string) => call('POST', `/api/payment/refund/${purchaseId}`, { as });
const joinFree = (as: TestUser, id: string) =>
  call('POST', '/api/payment/grant-access', { as, json: { submissionId: id } });

async function answer(request: ReturnType<typeof call>) {
  const { status, body } = await request;
  return { status, body };
}

const conflict = (error: string) => ({ status: 409, body: { error, code: 'conflict' } });

/** Who waits for a spot on the envolvement, first asked first. */
async function waiting(envolvementId: string): Promise<string[]> {
  const rows = await db()
    .select({ userId: spotWaits.userId })
    .from(spotWaits)
    .where(eq(spotWaits.envolvementId, envolvementId))
    .orderBy(asc(spotWaits.createdAt), asc(spotWaits.userId));
  return rows.map((row) => row.userId);
}

/** The 'spot opened' notifications written, oldest first, with whether each has its e-mail queued. */
async function toldOfSpots() {
  return db()
    .select({ ...toldColumns, mailed: sql<boolean>`${emailOutbox.notificationId} is not null` })
    .from(notifications)
    .leftJoin(emailOutbox, eq(emailOutbox.notificationId, notifications.id))
    .where(eq(notifications.kind, 'spot_opened'))
    .orderBy(asc(notifications.createdAt), asc(notifications.recipientId));
}

const spotOpened = (recipientId: string, row: { id: string; title: string }, mailed = true) => ({
  recipientId,
  actorId: null,
  kind: 'spot_opened',
  envolvementId: row.id,
  text: `A spot opened on ${row.title}. Join before someone else takes it.`,
  link: `/envolvement/${row.id}`,
  mailed,
});

/** `count` new users who ask, one after the other, to be told about the envolvement. */
async function waiters(envolvementId: string, count: number): Promise<TestUser[]> {
  const people: TestUser[] = [];
  for (let n = 0; n < count; n += 1) {
    const person = await createUser();
    expect(await wait(person, envolvementId)).toEqual({ status: 201, body: { waiting: true } });
    people.push(person);
  }
  return people;
}

/** A free envolvement with one spot, taken. */
async function soldOutFree(overrides: Parameters<typeof createEnvolvement>[1] = {}) {
  const creator = await createUser();
  const member = await createUser();
  const row = await createEnvolvement(creator.id, { unlimited: false, quantity: 1, ...overrides });
  await createPurchase(row.id, member.id);
  return { creator, member, row };
}

/** A paid envolvement ($19.99) whose one spot a buyer took by card. */
async function soldOutPaid() {
  const { creator, buyer, row } = await paidSetup({ quantity: 1 });
  const { intentId, purchase } = await joinByCard(buyer, row.id);
  return { creator, buyer, row, intentId, purchase };
}

describe('POST /api/post/{id}/waitlist', () => {
  it('starts waiting with a 201, and answers 200 keeping the place when asked again', async () => {
    const { row } = await soldOutFree();
    const [first, second] = await waiters(row.id, 2);
    expect(await wait(first!, row.id)).toEqual({ status: 200, body: { waiting: true } });
    expect(await waiting(row.id)).toEqual([first!.id, second!.id]);
    expect(await waitState(first!, row.id)).toEqual({ status: 200, body: { waiting: true } });
  });

  it('answers 401 without a session, for each method, changing nothing', async () => {
    const { row } = await soldOutFree();
    expect(await wait(null, row.id)).toEqual(SIGNED_OUT);
    expect(await stop(null, row.id)).toEqual(SIGNED_OUT);
    expect(await waitState(null, row.id)).toEqual(SIGNED_OUT);
    expect(await waiting(row.id)).toEqual([]);
  });

  it('answers 404 for an unknown or malformed id, and for a draft a stranger cannot see', async () => {
    const { row } = await soldOutFree({ isActive: false });
    const someone = await createUser();
    for (const id of [UNKNOWN, 'not-an-id', row.id]) expect(await wait(someone, id)).toEqual(NOT_FOUND);
    for (const id of [UNKNOWN, 'not-an-id']) {
      expect(await stop(someone, id)).toEqual(NOT_FOUND);
      expect(await waitState(someone, id)).toEqual(NOT_FOUND);
    }
    expect(await waiting(row.id)).toEqual([]);
  });

  it('answers 410 for a removed envolvement', async () => {
    const { row } = await soldOutFree({ archivedAt: new Date(), isActive: false });
    expect(await wait(await createUser(), row.id)).toEqual({
      status: 410,
      body: { error: 'This envolvement was removed by its creator.', code: 'gone' },
    });
    expect(await waiting(row.id)).toEqual([]);
  });

  it('refuses while a spot is free, at the last spot and with unlimited spots', async () => {
    const creator = await createUser();
    const lastSpot = await createEnvolvement(creator.id, { unlimited: false, quantity: 2 });
    await createPurchase(lastSpot.id, (await createUser()).id);
    const unlimited = await createEnvolvement(creator.id);
    const someone = await createUser();
    for (const row of [lastSpot, unlimited]) {
      expect(await wait(someone, row.id)).toEqual(conflict('There are spots left: join instead.'));
      expect(await waiting(row.id)).toEqual([]);
    }
  });

  it('refuses a member, the creator, and an envolvement past its end date', async () => {
    const { creator, member, row } = await soldOutFree();
    expect(await wait(member, row.id)).toEqual(conflict('You are already a member of this envolvement.'));
    expect(await wait(creator, row.id)).toEqual({
      status: 403,
      body: { error: 'You cannot wait for a spot on your own envolvement.', code: 'forbidden' },
    });
    const ended = await soldOutFree({ endDate: new Date(Date.now() - 60_000) });
    expect(await wait(await createUser(), ended.row.id)).toEqual(
      conflict('This envolvement is past the purchasable date.'),
    );
    expect(await waiting(row.id)).toEqual([]);
    expect(await waiting(ended.row.id)).toEqual([]);
  });

  it(`limits starts and stops to ${RATE_LIMITS.spotWait.points} per ${RATE_LIMITS.spotWait.duration / 60} minutes per user`, async () => {
    const { row } = await soldOutFree();
    const [person] = await waiters(row.id, 1);
    const others = await createUser();
    for (let n = 1; n < RATE_LIMITS.spotWait.points; n += 1) {
      expect((await (n % 2 ? stop(person!, row.id) : wait(person!, row.id))).status).toBe(n % 2 ? 200 : 201);
    }
    expect(await wait(person!, row.id)).toEqual({
      status: 429,
      body: { error: expect.stringMatching(/^Too many waitlist changes\. Please try again in/), code: 'rate_limited' },
    });
    expect(await waiting(row.id)).toEqual([]);
    // Reading the state is not counted, and the limit is the user's own.
    expect(await waitState(person!, row.id)).toEqual({ status: 200, body: { waiting: false } });
    expect(await wait(others, row.id)).toEqual({ status: 201, body: { waiting: true } });
  });
});

describe('DELETE /api/post/{id}/waitlist', () => {
  it('stops waiting, and answers the same when there is nothing to stop', async () => {
    const { row } = await soldOutFree();
    const [first, second] = await waiters(row.id, 2);
    for (let n = 0; n < 2; n += 1)
      expect(await stop(first!, row.id)).toEqual({ status: 200, body: { waiting: false } });
    expect(await waiting(row.id)).toEqual([second!.id]);
    expect(await waitState(first!, row.id)).toEqual({ status: 200, body: { waiting: false } });
  });

  it("another user's stop ends only their own wait", async () => {
    const { row } = await soldOutFree();
    const [person] = await waiters(row.id, 1);
    const other = await createUser();
    expect(await stop(other, row.id)).toEqual({ status: 200, body: { waiting: false } });
    expect(await waitState(other, row.id)).toEqual({ status: 200, body: { waiting: false } });
    expect(await waiting(row.id)).toEqual([person!.id]);
  });
});

describe('telling the first people waiting', () => {
  it('a paid member refunded by the creator: the first person waiting is told and mailed, once', async () => {
    const { creator, row, purchase } = await soldOutPaid();
    const [first, second] = await waiters(row.id, 2);
    expect((await refund(creator, purchase.id)).status).toBe(200);
    expect(await toldOfSpots()).toEqual([spotOpened(first!.id, row)]);
    expect(await waiting(row.id)).toEqual([second!.id]);
    expect(await waitState(first!, row.id)).toEqual({ status: 200, body: { waiting: false } });
  });

  it('each freed spot tells the next person, never one already told', async () => {
    const { creator, buyer, row } = await paidSetup({ quantity: 2 });
    const other = await createUser();
    const paid = [await joinByCard(buyer, row.id), await joinByCard(other, row.id)];
    const [first, second, third] = await waiters(row.id, 3);
    for (const { purchase } of paid) expect((await refund(creator, purchase.id)).status).toBe(200);
    expect(await toldOfSpots()).toEqual([spotOpened(first!.id, row), spotOpened(second!.id, row)]);
    expect(await waiting(row.id)).toEqual([third!.id]);
  });

  it('a refund made at Stripe (its dashboard) tells the first person waiting too', async () => {
    const { row, intentId } = await soldOutPaid();
    const [first] = await waiters(row.id, 1);
    stripe().refund(intentId);
    await deliver(
      stripe()
        .eventsFor(intentId)
        .filter((event) => event.type === 'charge.refunded'),
    );
    expect(await toldOfSpots()).toEqual([spotOpened(first!.id, row)]);
    expect(await waiting(row.id)).toEqual([]);
  });

  it('more spots from the creator tell as many people as there are new spots', async () => {
    const { creator, row } = await soldOutFree();
    const [first, second, third] = await waiters(row.id, 3);
    const edit = editBody({ price: { price: 0, free: true }, quantity: { quantity: 3, unlimited: false } });
    expect((await call('PUT', `/api/post/${row.id}`, { as: creator, json: edit })).status).toBe(200);
    const edited = { id: row.id, title: 'Edited title' };
    // Told in one statement, at one time: in no order between them.
    const byRecipient = (a: { recipientId: string }, b: { recipientId: string }) =>
      a.recipientId.localeCompare(b.recipientId);
    expect((await toldOfSpots()).sort(byRecipient)).toEqual(
      [spotOpened(first!.id, edited), spotOpened(second!.id, edited)].sort(byRecipient),
    );
    expect(await waiting(row.id)).toEqual([third!.id]);
  });

  it('mails only those whose e-mail settings want updates; the notification is written either way', async () => {
    const { creator, row, purchase } = await soldOutPaid();
    const [first] = await waiters(row.id, 1);
    await db().insert(notificationPreferences).values({ userId: first!.id, emailUpdates: false });
    expect((await refund(creator, purchase.id)).status).toBe(200);
    expect(await toldOfSpots()).toEqual([spotOpened(first!.id, row, false)]);
  });

  it('tells nobody about an envolvement taken back to draft or past its end date', async () => {
    for (const change of [{ isActive: false }, { endDate: new Date(Date.now() - 60_000) }]) {
      const { creator, row, purchase } = await soldOutPaid();
      const [person] = await waiters(row.id, 1);
      await db().update(envolvements).set(change).where(eq(envolvements.id, row.id));
      expect((await refund(creator, purchase.id)).status).toBe(200);
      expect(await toldOfSpots()).toEqual([]);
      expect(await waiting(row.id)).toEqual([person!.id]);
    }
  });

  it('removing the envolvement refunds its members, tells nobody and clears its list', async () => {
    const { creator, row } = await soldOutPaid();
    await waiters(row.id, 2);
    const removed = await call('DELETE', `/api/post/${row.id}`, { as: creator });
    expect(removed).toMatchObject({ status: 200, body: { archived: true, refunded: 1, refundsPending: 0 } });
    expect(await toldOfSpots()).toEqual([]);
    expect(await waiting(row.id)).toEqual([]);
  });

  it('deleting an envolvement nobody joined takes its list with it', async () => {
    const creator = await createUser();
    const row = await createEnvolvement(creator.id, { unlimited: false, quantity: 0 });
    await waiters(row.id, 1);
    expect((await call('DELETE', `/api/post/${row.id}`, { as: creator })).body).toMatchObject({ archived: false });
    expect(await db().select().from(spotWaits)).toEqual([]);
  });
});

describe('joining ends the wait', () => {
  /** One more spot, as if it opened without anyone being told (they found it themselves). */
  const addSpot = (id: string) =>
    db()
      .update(envolvements)
      .set({ quantity: sql`${envolvements.quantity} + 1` })
      .where(eq(envolvements.id, id));

  it('a free join takes the person off the list; the others stay', async () => {
    const { row } = await soldOutFree();
    const [first, second] = await waiters(row.id, 2);
    await addSpot(row.id);
    expect((await joinFree(second!, row.id)).status).toBe(200);
    expect(await waiting(row.id)).toEqual([first!.id]);
  });

  it('a join by card takes the person off the list', async () => {
    const { row } = await soldOutPaid();
    const [person] = await waiters(row.id, 1);
    await addSpot(row.id);
    await joinByCard(person!, row.id);
    expect(await waiting(row.id)).toEqual([]);
  });

  it('a refused join leaves the wait as it was', async () => {
    const { row } = await soldOutFree();
    const [person] = await waiters(row.id, 1);
    expect((await joinFree(person!, row.id)).status).toBe(409);
    expect(await waiting(row.id)).toEqual([person!.id]);
  });
});

describe('the account', () => {
  it("deleting an account removes its waits; others' stay", async () => {
    const { row } = await soldOutFree();
    const [leaver, stays] = await waiters(row.id, 2);
    const res = await call('DELETE', '/api/account', { as: leaver!, json: { confirm: 'DELETE' } });
    expect(res.status).toBe(200);
    expect(await waiting(row.id)).toEqual([stays!.id]);
  });

  it('the data export lists the envolvements the account waits for', async () => {
    const { row } = await soldOutFree({ title: 'Pottery night' });
    const [person] = await waiters(row.id, 1);
    const file = JSON.parse((await buildDataExport(person!.id))!);
    expect(file.spotWaits).toEqual([
      { envolvementId: row.id, envolvement: 'Pottery night', askedAt: expect.any(String) },
    ]);
  });
});

describe('the e-mail', () => {
  it('says a spot opened, links to the envolvement to join, and says why it came, in HTML and text', async () => {
    const { creator, row, purchase } = await soldOutPaid();
    const [first] = await waiters(row.id, 1);
    expect((await refund(creator, purchase.id)).status).toBe(200);
    const [notification] = await db().select().from(notifications).where(eq(notifications.kind, 'spot_opened'));
    const mail = await composeEmail({
      notification_id: notification!.id,
      recipient_id: first!.id,
      kind: 'spot_opened',
      text: notification!.text,
      link: notification!.link,
      email: first!.email,
      name: first!.name,
    });
    expect(mail.subject).toBe(`A spot opened on ${row.title}. Join before someone else takes it.`);
    expect(mail.to).toBe(first!.email);
    for (const part of [mail.html, mail.text]) {
      expect(part).toContain('Join now');
      expect(part).toContain(`/envolvement/${row.id}`);
      expect(part).toContain('you asked to be told when a spot opens');
    }
    expect(mail.text).toContain(`Hi ${first!.name},`);
    expect(mail.headers['List-Unsubscribe']).toMatch(/\/api\/notifications\/unsubscribe\?token=/);
  });
});

// A wait is checked against the spots under a share lock of the envolvement's row, which a
// refund or a join updates: one waits for the other. Only a PostgreSQL server runs the two
// on connections of their own; PGlite runs one statement at a time, so there the test is
// skipped rather than pass for nothing.
const serverOnly = process.env.TEST_DATABASE_URL ? describe : describe.skip;
serverOnly('a wait asked while a spot frees up (needs a PostgreSQL server)', () => {
  it('waits for the change that frees the spot, then answers that there is one to take', async () => {
    const { row } = await soldOutFree();
    const person = await createUser();
    const freeing = await database.handle().pool!.connect();
    try {
      await freeing.query('begin');
      await freeing.query('update envolvements set current_count = current_count - 1 where id = $1', [row.id]);
      const asked = wait(person, row.id);
      // Time for the request to reach the row and queue behind the lock.
      await new Promise((resolve) => setTimeout(resolve, 500));
      await freeing.query('commit');
      expect(await asked).toEqual(conflict('There are spots left: join instead.'));
    } finally {
      freeing.release();
    }
    expect(await waiting(row.id)).toEqual([]);
  });
});
