import { asc, eq, getTableName, inArray, is, like, sql } from 'drizzle-orm';
import { getTableConfig, PgTable, type PgColumn } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { CHANGED_MEANWHILE, ERASED_USER_COLUMNS, eraseAccount, MOVED_USER_COLUMNS } from '@/lib/account/erase';
import { getAccountDeletionImpact } from '@/lib/account/impact';
import { requestDataExport } from '@/lib/account/exports';
import { db } from '@/lib/db/client';
import { RATE_LIMITS } from '@/lib/rate-limit';
import { hashPassword } from '@/lib/users/password';
import { notifyRefunded } from '@/lib/notifications/events';
import { upsertOidcUser } from '@/lib/users/service';
import { confirmSignUp } from '@/lib/users/sign-up-confirm';
import { issueToken } from '@/lib/users/tokens';
import { PASSWORD_NEEDED, WORD_NEEDED, WRONG_PASSWORD } from '@/lib/validation/account-deletion';
import * as schema from '@/models';
import {
  accountTokens,
  comments,
  dataExports,
  earningsEntries,
  envolvements,
  notificationPreferences,
  notifications,
  payoutAccounts,
  posts,
  purchases,
  users,
} from '@/models';
import { createEnvolvement, createPurchase, createUser, type TestUser } from '../factories';
import { queuedMail, tokenMailed } from '../helpers/account-mail';
import { useTestDatabase } from '../helpers/db';
import { call } from '../helpers/http';
import { openCheckout, paymentOf, usePayments } from '../helpers/payments';

useTestDatabase();
const { joinByCard, expectRefundedInFull, withStripeDown } = usePayments();

const PASSWORD = 'violet-harbor-lantern-93';

const deleteAccount = (as: TestUser | null, json?: unknown) => call('DELETE', '/api/account', { as, json });

/** A user who signs in with an e-mail and a password. */
async function createLocalAccount(overrides: Partial<TestUser> = {}) {
  const user = await createUser(overrides);
  await db()
    .update(users)
    .set({ passwordHash: await hashPassword(PASSWORD) })
    .where(eq(users.id, user.id));
  return user;
}

/** The row an account became, found by what only it holds: its anonymous id. */
async function anonymousRows() {
  return db().select().from(users).where(like(users.id, 'deleted|%'));
}

const columnName = (column: PgColumn) => `${getTableName(column.table)}.${column.name}`;

describe('what deleting does to every column that names a user', () => {
  it('moves or erases each column the schema references users with, and names no other', () => {
    const referencing = (Object.values(schema) as unknown[])
      .filter((value): value is PgTable => is(value, PgTable))
      .flatMap((table) => {
        const config = getTableConfig(table);
        return config.foreignKeys
          .map((key) => key.reference())
          .filter((reference) => reference.foreignTable === users)
          .map((reference) => `${config.name}.${reference.columns.map((c) => c.name).join(',')}`);
      });
    // A scan that found nothing would agree with any list.
    expect(referencing.length).toBeGreaterThan(10);
    const handled = [...MOVED_USER_COLUMNS, ...ERASED_USER_COLUMNS].map(columnName);
    expect(referencing.filter((name) => !handled.includes(name))).toEqual([]);
    // The one column without a foreign key that names a user: a submission's history.
    expect(handled.filter((name) => !referencing.includes(name))).toEqual(['submission_status_changes.changed_by']);
  });
});

describe('DELETE /api/account: who may, and the proof it asks', () => {
  it('answers 401 without a session', async () => {
    expect(await deleteAccount(null, { password: PASSWORD })).toMatchObject({
      status: 401,
      body: { error: 'You must be signed in to do this.', code: 'unauthorized' },
    });
  });

  it('refuses a wrong or missing password with a field error, changing nothing', async () => {
    const alice = await createLocalAccount();
    const row = await createEnvolvement(alice.id);
    const wrong = await deleteAccount(alice, { password: 'not-my-password' });
    expect({ status: wrong.status, body: wrong.body }).toEqual({
      status: 400,
      body: { error: WRONG_PASSWORD, code: 'bad_request', fields: { password: WRONG_PASSWORD } },
    });
    const missing = await deleteAccount(alice, { confirm: 'DELETE' });
    expect({ status: missing.status, body: missing.body }).toEqual({
      status: 400,
      body: { error: PASSWORD_NEEDED, code: 'bad_request', fields: { password: PASSWORD_NEEDED } },
    });
    expect(await db().select({ id: users.id }).from(users).where(eq(users.id, alice.id))).toHaveLength(1);
    expect(
      await db().select({ archivedAt: envolvements.archivedAt }).from(envolvements).where(eq(envolvements.id, row.id)),
    ).toEqual([{ archivedAt: null }]);
    expect(await anonymousRows()).toEqual([]);
    expect((await call('GET', '/api/me', { as: alice })).body.viewer).toMatchObject({ id: alice.id });
  });

  it('asks an account without a password to type DELETE', async () => {
    const oidc = await createUser({ id: 'oidc|leaver-1' });
    // Four tries: the fifth is the one that works, within the limit.
    for (const json of [undefined, { confirm: 'delete' }, { confirm: 'yes' }, { password: 'anything' }]) {
      const res = await deleteAccount(oidc, json);
      expect({ status: res.status, body: res.body }).toEqual({
        status: 400,
        body: { error: WORD_NEEDED, code: 'bad_request', fields: { confirm: WORD_NEEDED } },
      });
    }
    const res = await deleteAccount(oidc, { confirm: ' DELETE ' });
    expect(res).toMatchObject({ status: 200, body: { deleted: true, removed: 0, refunded: 0, refundsPending: 0 } });
    expect(await db().select().from(users).where(eq(users.id, oidc.id))).toEqual([]);
  });

  it(`limits attempts to ${RATE_LIMITS.accountDelete.points} per ${RATE_LIMITS.accountDelete.duration / 60} minutes`, async () => {
    const alice = await createLocalAccount();
    for (let i = 0; i < RATE_LIMITS.accountDelete.points; i += 1) {
      expect((await deleteAccount(alice, { password: `guess-${i}` })).status).toBe(400);
    }
    // Past the limit even the right password waits: a stolen session must not guess on.
    const limited = await deleteAccount(alice, { password: PASSWORD });
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({
      error: expect.stringMatching(/^Too many attempts\. Please try again in /),
      code: 'rate_limited',
    });
    expect(await db().select({ id: users.id }).from(users).where(eq(users.id, alice.id))).toHaveLength(1);
  });
});

/**
 * Alice creates (a paid envolvement with two card members, one free member and a buyer's
 * open checkout; a draft) and takes part elsewhere (a paid membership of Maya's, a comment
 * there, an open checkout of her own).
 */
async function aliceEverywhere() {
  const alice = await createLocalAccount({ nickname: 'alice_leaves', name: 'Alice Leaver' });
  const [bob, carol, dave, erin, maya] = await Promise.all([
    createUser(),
    createUser(),
    createUser(),
    createUser(),
    createUser({ nickname: 'maya_makes' }),
  ]);
  const paid = await createEnvolvement(alice.id, { priceCents: 1999, unlimited: false, quantity: 5 });
  const draft = await createEnvolvement(alice.id, { isActive: false });
  await createPurchase(paid.id, dave.id);
  const bobIntent = (await joinByCard(bob, paid.id)).intentId;
  const carolIntent = (await joinByCard(carol, paid.id)).intentId;
  const erinCheckout = await openCheckout(erin, paid.id);

  const mayas = await createEnvolvement(maya.id, {
    priceCents: 1999,
    unlimited: false,
    quantity: 5,
    commentsAllowed: true,
  });
  const mayasOther = await createEnvolvement(maya.id, { priceCents: 500 });
  const aliceIntent = (await joinByCard(alice, mayas.id)).intentId;
  const aliceCheckout = await openCheckout(alice, mayasOther.id);
  const [update] = await db()
    .insert(posts)
    .values({ envolvementId: mayas.id, authorId: maya.id, kind: 'update', title: 'Kick-off', description: 'Friday' })
    .returning();
  const commented = await call('POST', `/api/post/${mayas.id}/updates/${update!.id}/comments`, {
    as: alice,
    json: { body: 'See you Friday!' },
  });
  expect(commented.status).toBe(201);

  // What is hers alone.
  await db().insert(notificationPreferences).values({ userId: alice.id, emailComments: false });
  await issueToken(alice.id, 'email_verify', alice.email);
  await requestDataExport(alice.id);
  return {
    alice,
    others: { bob, carol, dave, erin, maya },
    paid,
    draft,
    mayas,
    update: update!,
    intents: { bobIntent, carolIntent, erinCheckout, aliceIntent, aliceCheckout },
  };
}

describe('DELETE /api/account: what it does', () => {
  it('tells the dialog this account’s numbers first', async () => {
    const { alice } = await aliceEverywhere();
    expect(await getAccountDeletionImpact(alice.id)).toEqual({
      live: 1,
      drafts: 1,
      members: 3,
      paidMembers: 2,
      refunds: [{ currency: 'usd', cents: 3998 }],
      openCheckouts: 1,
      ownOpenCheckouts: 1,
      memberships: 1,
      stripeDashboard: true,
    });
  });

  it('removes her envolvements with refunds, cancels checkouts, and leaves an anonymous record', async () => {
    const { alice, others, paid, draft, mayas, update, intents } = await aliceEverywhere();
    const res = await deleteAccount(alice, { password: PASSWORD });
    expect({ status: res.status, body: res.body }).toEqual({
      status: 200,
      body: { deleted: true, removed: 2, refunded: 2, refundsPending: 0 },
    });

    // The account is gone, and every session with it.
    expect(await db().select().from(users).where(eq(users.id, alice.id))).toEqual([]);
    expect((await call('GET', '/api/me', { as: alice })).body).toEqual({ viewer: null, page: null });
    expect((await call('GET', '/api/account/export', { as: alice })).status).toBe(401);

    // One anonymous row, with nothing personal.
    const [anonymous, ...more] = await anonymousRows();
    expect(more).toEqual([]);
    expect(anonymous).toMatchObject({
      id: expect.stringMatching(/^deleted\|[0-9a-f-]{36}$/),
      name: 'Deleted member',
      nickname: '',
      email: null,
      emailVerifiedAt: null,
      picture: null,
      bannerUrl: null,
      bio: null,
      links: [],
      passwordHash: null,
      deletedAt: expect.any(Date),
    });
    const anonymousId = anonymous!.id;

    // Her envolvements went through the removal path: paid members refunded, free kept, the draft deleted.
    for (const intentId of [intents.bobIntent, intents.carolIntent]) {
      await expectRefundedInFull(intentId, 'removed', anonymousId);
    }
    expect(await db().select().from(envolvements).where(eq(envolvements.id, draft.id))).toEqual([]);
    expect(
      await db()
        .select({ creatorId: envolvements.creatorId, archived: sql<boolean>`${envolvements.archivedAt} is not null` })
        .from(envolvements)
        .where(eq(envolvements.id, paid.id)),
    ).toEqual([{ creatorId: anonymousId, archived: true }]);
    expect(
      await db()
        .select({ userId: purchases.userId, ended: sql<boolean>`${purchases.endedAt} is not null` })
        .from(purchases)
        .where(eq(purchases.userId, others.dave.id)),
    ).toEqual([{ userId: others.dave.id, ended: false }]);
    expect((await paymentOf(intents.erinCheckout)).status).toBe('canceled');

    // Her own checkout is canceled; her paid membership of Maya's stays, under the anonymous id.
    expect(await paymentOf(intents.aliceCheckout)).toMatchObject({ status: 'canceled', buyerId: anonymousId });
    expect(await paymentOf(intents.aliceIntent)).toMatchObject({ status: 'succeeded', buyerId: anonymousId });

    // The money records stay, tied to the anonymous id.
    const ledger = await db()
      .select({ creatorId: earningsEntries.creatorId, kind: earningsEntries.kind })
      .from(earningsEntries)
      .where(eq(earningsEntries.envolvementId, paid.id))
      .orderBy(asc(earningsEntries.occurredAt));
    expect(ledger.map((entry) => entry.creatorId)).toEqual(Array(4).fill(anonymousId));
    expect(ledger.map((entry) => entry.kind).sort()).toEqual(['refund', 'refund', 'sale', 'sale']);
    expect(await db().select({ userId: payoutAccounts.userId }).from(payoutAccounts)).toContainEqual({
      userId: anonymousId,
    });

    // What was hers alone is gone.
    for (const id of [alice.id, anonymousId]) {
      expect(await db().select().from(notificationPreferences).where(eq(notificationPreferences.userId, id))).toEqual(
        [],
      );
      expect(await db().select().from(accountTokens).where(eq(accountTokens.userId, id))).toEqual([]);
      expect(await db().select().from(dataExports).where(eq(dataExports.userId, id))).toEqual([]);
      expect(await db().select().from(notifications).where(eq(notifications.recipientId, id))).toEqual([]);
    }

    // She is told, at the address she had.
    expect((await queuedMail()).filter((mail) => mail.kind === 'account_deleted')).toEqual([
      { to: alice.email, kind: 'account_deleted', userId: null, payload: { name: 'Alice Leaver' } },
    ]);

    // What others see: "Deleted member", in comments, member lists, notifications and the CSV.
    const thread = await call('GET', `/api/post/${mayas.id}/updates/${update.id}/comments`, { as: others.maya });
    expect(thread.body.items).toEqual([
      expect.objectContaining({
        body: 'See you Friday!',
        author: { id: anonymousId, name: 'Deleted member', nickname: '', picture: null },
      }),
    ]);
    const members = await call('GET', `/api/post/${mayas.id}/members`, { as: others.maya });
    expect(members.body.items).toEqual([
      expect.objectContaining({ userID: anonymousId, username: 'Deleted member', paymentStatus: 'succeeded' }),
    ]);
    const told = await db()
      .select({ text: notifications.text, actorId: notifications.actorId })
      .from(notifications)
      .where(eq(notifications.recipientId, others.maya.id))
      .orderBy(asc(notifications.text));
    expect(told).toEqual([
      { text: 'Deleted member commented on Kick-off', actorId: anonymousId },
      { text: `Deleted member paid $19.99 for ${mayas.title}`, actorId: anonymousId },
    ]);
    const csv = await call('GET', `/api/earnings/${encodeURIComponent(others.maya.id)}/export?days=30`, {
      as: others.maya,
    });
    expect(csv.status).toBe(200);
    expect(csv.body).toContain(`,Sale,${mayas.title},Deleted member,19.99,`);
    const allTold = JSON.stringify(await db().select().from(notifications));
    expect(allTold).not.toContain('alice_leaves');
    expect(allTold).not.toContain('Leaver');

    // No profile, and no one to find.
    for (const ref of [alice.id, anonymousId, anonymousId.slice('deleted|'.length)]) {
      expect((await call('GET', `/api/user_profile_info/${encodeURIComponent(ref)}`)).status).toBe(404);
    }
    expect((await call('GET', '/api/auth0_user_search?username=Deleted')).body).toEqual([]);
  });

  it('renames the refunds Maya was told of, when the buyer was Alice', async () => {
    const { alice, others, mayas } = await aliceEverywhere();
    // A refund the app made on its own, which the creator hears of by the buyer's name.
    await db().transaction((tx) =>
      notifyRefunded(tx, {
        envolvementId: mayas.id,
        buyerId: alice.id,
        amountCents: 1999,
        currency: 'usd',
        refundRequestedBy: null,
      }),
    );
    expect(await textsTo(others.maya.id)).toContain(`Alice Leaver was refunded $19.99 for ${mayas.title}`);
    expect((await deleteAccount(alice, { password: PASSWORD })).status).toBe(200);
    expect(await textsTo(others.maya.id)).toEqual([
      'Deleted member commented on Kick-off',
      `Deleted member paid $19.99 for ${mayas.title}`,
      `Deleted member was refunded $19.99 for ${mayas.title}`,
    ]);
  });

  it('renames what was written under her handle, or under a name she has changed since', async () => {
    const { alice, others, mayas } = await aliceEverywhere();
    const toMaya = { recipientId: others.maya.id, envolvementId: mayas.id, link: `/envolvement/${mayas.id}` };
    await db()
      .insert(notifications)
      .values([
        { ...toMaya, actorId: alice.id, kind: 'member_joined', text: `alice_leaves joined ${mayas.title}` },
        {
          ...toMaya,
          actorId: alice.id,
          kind: 'submission_received',
          text: `Alice L. sent a submission for ${mayas.title}`,
        },
        {
          ...toMaya,
          actorId: null,
          kind: 'member_refunded',
          text: `alice_leaves was refunded $5.00 for ${mayas.title}`,
        },
      ]);
    expect((await deleteAccount(alice, { password: PASSWORD })).status).toBe(200);
    expect(await textsTo(others.maya.id)).toEqual([
      'Deleted member commented on Kick-off',
      `Deleted member joined ${mayas.title}`,
      `Deleted member paid $19.99 for ${mayas.title}`,
      `Deleted member sent a submission for ${mayas.title}`,
      `Deleted member was refunded $5.00 for ${mayas.title}`,
    ]);
  });

  it('finishes the refunds of an envolvement she removed while Stripe was away', async () => {
    const alice = await createLocalAccount();
    const buyer = await createUser();
    const row = await createEnvolvement(alice.id, { priceCents: 1999, unlimited: false, quantity: 3 });
    const { intentId } = await joinByCard(buyer, row.id);
    const removed = await withStripeDown(() => call('DELETE', `/api/post/${row.id}`, { as: alice }));
    expect(removed.body).toMatchObject({ archived: true, refunded: 0, refundsPending: 1 });
    const res = await deleteAccount(alice, { password: PASSWORD });
    expect(res.body).toEqual({ deleted: true, removed: 1, refunded: 1, refundsPending: 0 });
    const [anonymous] = await anonymousRows();
    expect(await paymentOf(intentId)).toMatchObject({ status: 'refunded', refundRequestedBy: anonymous!.id });
  });

  it('erases nothing when an envolvement appeared after the removals', async () => {
    const alice = await createLocalAccount();
    // As if made in another tab while her envolvements were being removed.
    const late = await createEnvolvement(alice.id);
    await expect(eraseAccount(alice.id)).rejects.toMatchObject({ code: 'conflict', message: CHANGED_MEANWHILE });
    expect(await db().select({ id: users.id }).from(users).where(eq(users.id, alice.id))).toHaveLength(1);
    expect(
      await db().select({ creatorId: envolvements.creatorId }).from(envolvements).where(eq(envolvements.id, late.id)),
    ).toEqual([{ creatorId: alice.id }]);
    expect(await anonymousRows()).toEqual([]);
  });

  it('sends no mail to an address that was never confirmed', async () => {
    const alice = await createLocalAccount({ emailVerifiedAt: null });
    expect((await deleteAccount(alice, { password: PASSWORD })).status).toBe(200);
    expect(await queuedMail()).toEqual([]);
  });
});

async function textsTo(userId: string) {
  const rows = await db()
    .select({ text: notifications.text })
    .from(notifications)
    .where(eq(notifications.recipientId, userId))
    .orderBy(asc(notifications.text));
  return rows.map((row) => row.text);
}

describe('starting again after deleting', () => {
  it('lets the same e-mail sign up as a new person', async () => {
    const alice = await createLocalAccount({ email: 'alice@example.com' });
    await createEnvolvement(alice.id);
    expect((await deleteAccount(alice, { password: PASSWORD })).status).toBe(200);
    const again = await call('POST', '/api/auth/register', {
      json: { name: 'Alice Again', handle: 'alice_again', email: 'alice@example.com', password: PASSWORD },
    });
    expect(again.status).toBe(202);
    // The address is new again: it is mailed the link that makes a new account.
    const token = await tokenMailed('sign_up_confirm', 'alice@example.com');
    const proof = /=([A-Za-z0-9_-]{43});/.exec(again.response.headers.get('set-cookie') ?? '')![1]!;
    expect(await confirmSignUp({ token, proof })).toMatchObject({ name: 'Alice Again' });
    const [fresh] = await db()
      .select({ id: users.id, name: users.name })
      .from(users)
      .where(eq(sql`lower(${users.email})`, 'alice@example.com'));
    expect(fresh).toEqual({ id: expect.stringMatching(/^local\|/), name: 'Alice Again' });
    expect(fresh!.id).not.toBe(alice.id);
    expect(await db().select().from(envolvements).where(eq(envolvements.creatorId, fresh!.id))).toEqual([]);
  });

  it('lets the same sign-in identity start over, with nothing of the old account', async () => {
    const oidc = await createUser({ id: 'oidc|returning-1', email: 'kim@example.com', nickname: 'kim_first' });
    const row = await createEnvolvement(oidc.id);
    await createPurchase(row.id, (await createUser()).id);
    expect((await deleteAccount(oidc, { confirm: 'DELETE' })).status).toBe(200);
    const back = await upsertOidcUser({
      id: 'oidc|returning-1',
      email: 'kim@example.com',
      emailVerified: true,
      name: 'Kim Again',
      picture: null,
    });
    expect(back).toMatchObject({ id: 'oidc|returning-1', name: 'Kim Again', email: 'kim@example.com' });
    expect(await db().select().from(envolvements).where(eq(envolvements.creatorId, oidc.id))).toEqual([]);
    expect(
      await db()
        .select({ id: comments.id })
        .from(comments)
        .where(inArray(comments.authorId, [oidc.id])),
    ).toEqual([]);
    expect((await call('GET', '/api/me', { as: oidc })).body.viewer).toMatchObject({ id: oidc.id, name: 'Kim Again' });
  });
});
