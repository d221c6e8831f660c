import { eq, sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { buildPendingExports, deleteExpiredExports, EXPORT_NOT_FOUND } from '@/lib/account/exports';
import { db } from '@/lib/db/client';
import { EXPORT_LIFETIME_DAYS } from '@/lib/domain/accounts';
import { BUILD_DATA_EXPORTS, startJobs } from '@/lib/jobs';
import { RATE_LIMITS } from '@/lib/rate-limit';
import { dataExports, notificationPreferences, posts, spotWaits, submissions } from '@/models';
import { createEnvolvement, createPurchase, createUser, type TestUser } from '../factories';
import { queuedMail } from '../helpers/account-mail';
import { useTestDatabase } from '../helpers/db';
import { call } from '../helpers/http';
import { joinByCard, openCheckout, useFakeStripe } from '../helpers/payments';
import { useTestSmtp } from '../helpers/smtp';

const database = useTestDatabase();
const stripe = useFakeStripe();
const smtp = useTestSmtp();

// Plain http, so the session cookie the tests make is the one next-auth reads.
const SITE = 'http://envolve.example:8080';
const DAY_MS = 24 * 60 * 60 * 1000;
const UNKNOWN = '00000000-0000-4000-8000-000000000000';
const NOT_FOUND = { error: EXPORT_NOT_FOUND, code: 'not_found' };

beforeEach(() => {
  vi.stubEnv('NEXTAUTH_URL', SITE);
});

const ask = (as: TestUser | null) => call('POST', '/api/account/export', { as });
const latest = (as: TestUser | null) => call('GET', '/api/account/export', { as });
const download = (as: TestUser | null, id: string) => call('GET', `/api/account/export/${id}`, { as });

describe('POST /api/account/export and GET /api/account/export', () => {
  it('answers 401 without a session', async () => {
    const unauthorized = { error: 'You must be signed in to do this.', code: 'unauthorized' };
    for (const res of [await ask(null), await latest(null), await download(null, UNKNOWN)]) {
      expect({ status: res.status, body: res.body }).toEqual({ status: 401, body: unauthorized });
    }
  });

  it('answers 202 with a pending export, and the same one while it is being prepared', async () => {
    const sam = await createUser();
    expect((await latest(sam)).body).toEqual({ export: null });
    const first = await ask(sam);
    const pending = {
      id: expect.any(String),
      status: 'pending',
      createdAt: expect.any(String),
      readyAt: null,
      expiresAt: null,
      downloadUrl: null,
    };
    expect({ status: first.status, body: first.body }).toEqual({ status: 202, body: { export: pending } });
    const again = await ask(sam);
    expect(again.status).toBe(202);
    expect(again.body.export.id).toBe(first.body.export.id);
    expect((await latest(sam)).body).toEqual({ export: first.body.export });
    expect(await db().select().from(dataExports)).toHaveLength(1);
  });

  it(`limits requests to ${RATE_LIMITS.dataExport.points} a day per account`, async () => {
    const sam = await createUser();
    const other = await createUser();
    for (let i = 0; i < RATE_LIMITS.dataExport.points; i += 1) expect((await ask(sam)).status).toBe(202);
    const limited = await ask(sam);
    expect({ status: limited.status, body: limited.body }).toEqual({
      status: 429,
      body: { error: expect.stringMatching(/^Too many data exports\. Please try again in /), code: 'rate_limited' },
    });
    expect((await ask(other)).status).toBe(202);
  });

  it('offers a new one once the last failed', async () => {
    const sam = await createUser();
    const first = (await ask(sam)).body.export;
    await db().update(dataExports).set({ status: 'failed' }).where(eq(dataExports.id, first.id));
    expect((await latest(sam)).body.export).toMatchObject({ id: first.id, status: 'failed', downloadUrl: null });
    const second = await ask(sam);
    expect(second.status).toBe(202);
    expect(second.body.export.id).not.toBe(first.id);
  });
});

/**
 * Sam: a creator (an envolvement, an update, a member), and a member elsewhere (a paid
 * membership, an open checkout, a submission, a comment that Maya answered).
 */
async function samEverywhere() {
  const sam = await createUser({ nickname: 'sam_exports', name: 'Sam Rivera' });
  const maya = await createUser({ nickname: 'maya_makes', name: 'Maya Chen' });
  const bob = await createUser({ nickname: 'bob_joins', name: 'Bob Stone' });
  const own = await createEnvolvement(sam.id, { title: 'Sam’s club' });
  await db()
    .insert(posts)
    .values({ envolvementId: own.id, authorId: sam.id, kind: 'update', title: 'Welcome', description: 'Hello all' });
  expect((await call('POST', '/api/payment/grant-access', { as: bob, json: { submissionId: own.id } })).status).toBe(
    200,
  );

  const mayas = await createEnvolvement(maya.id, { priceCents: 1999, commentsAllowed: true, title: 'Maya’s kiln' });
  const other = await createEnvolvement(maya.id, { priceCents: 500, title: 'Maya’s glaze' });
  const paid = (await joinByCard(stripe(), sam, mayas.id)).intentId;
  const open = await openCheckout(sam, other.id);
  await db().insert(submissions).values({ envolvementId: mayas.id, userId: sam.id, description: 'My vase' });
  const [update] = await db()
    .insert(posts)
    .values({ envolvementId: mayas.id, authorId: maya.id, kind: 'update', title: 'Kick-off', description: 'Friday' })
    .returning();
  const path = `/api/post/${mayas.id}/updates/${update!.id}/comments`;
  const mine = await call('POST', path, { as: sam, json: { body: 'Count me in' } });
  expect(mine.status).toBe(201);
  const reply = await call('POST', path, { as: maya, json: { body: 'Great!', parentId: mine.body.id } });
  expect(reply.status).toBe(201);
  await db().insert(notificationPreferences).values({ userId: sam.id, emailUpdates: false });
  // Asked to be told when a spot opens on one of Maya's.
  await db().insert(spotWaits).values({ userId: sam.id, envolvementId: other.id });
  return { sam, maya, bob, own, mayas, other, paid, open };
}

describe('the export job and the file', () => {
  it('builds the file, mails a link to the account page, and lets its owner download it', async () => {
    const { sam, maya, bob, own, mayas, other, paid, open } = await samEverywhere();
    const asked = (await ask(sam)).body.export;
    expect(await buildPendingExports()).toEqual({ built: 1, failed: 0 });

    const ready = (await latest(sam)).body.export;
    expect(ready).toEqual({
      id: asked.id,
      status: 'ready',
      createdAt: asked.createdAt,
      readyAt: expect.any(String),
      expiresAt: expect.any(String),
      downloadUrl: `/api/account/export/${asked.id}`,
    });
    const lifetime = new Date(ready.expiresAt).getTime() - new Date(ready.readyAt).getTime();
    expect(lifetime).toBe(EXPORT_LIFETIME_DAYS * DAY_MS);
    expect((await queuedMail()).filter((mail) => mail.kind === 'export_ready')).toEqual([
      {
        to: sam.email,
        kind: 'export_ready',
        userId: sam.id,
        payload: {
          name: 'Sam Rivera',
          url: `${SITE}/account#data`,
          expires: expect.stringMatching(/^\w{3} \d{1,2}, \d{4}$/),
        },
      },
    ]);
    // Built once: another run has nothing to do and mails nothing.
    expect(await buildPendingExports()).toEqual({ built: 0, failed: 0 });

    const res = await download(sam, asked.id);
    expect(res.status).toBe(200);
    expect(res.response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(res.response.headers.get('content-disposition')).toBe(
      `attachment; filename="envolve-data-${asked.createdAt.slice(0, 10)}.json"`,
    );
    expect(res.response.headers.get('cache-control')).toBe('private, no-store');

    const file = res.body;
    expect(Object.keys(file)).toEqual([
      'about',
      'exportedAt',
      'profile',
      'envolvements',
      'updates',
      'memberships',
      'spotWaits',
      'following',
      'payments',
      'submissions',
      'comments',
      'notifications',
      'emailSettings',
    ]);
    expect(file.profile).toEqual({
      id: sam.id,
      name: 'Sam Rivera',
      handle: 'sam_exports',
      email: sam.email,
      emailVerifiedAt: expect.any(String),
      picture: null,
      banner: null,
      bio: null,
      links: [],
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    expect(file.envolvements).toEqual([
      expect.objectContaining({ id: own.id, title: 'Sam’s club', currentCount: 1, archivedAt: null }),
    ]);
    expect(file.envolvements[0]).not.toHaveProperty('creatorId');
    expect(file.updates).toEqual([
      expect.objectContaining({
        envolvementId: own.id,
        envolvement: 'Sam’s club',
        title: 'Welcome',
        description: 'Hello all',
      }),
    ]);
    expect(file.memberships).toEqual([
      expect.objectContaining({
        envolvementId: mayas.id,
        envolvement: 'Maya’s kiln',
        amountCents: 1999,
        currency: 'usd',
        paymentId: paid,
        endedAt: null,
      }),
    ]);
    expect(file.spotWaits).toEqual([
      { envolvementId: other.id, envolvement: 'Maya’s glaze', askedAt: expect.any(String) },
    ]);
    expect(file.payments.map((p: Record<string, unknown>) => [p.id, p.envolvement, p.status, p.amountCents])).toEqual([
      [paid, 'Maya’s kiln', 'succeeded', 1999],
      [open, 'Maya’s glaze', 'requires_payment', 500],
    ]);
    expect(file.payments[0]).not.toHaveProperty('destinationAccountId');
    expect(file.submissions).toEqual([
      expect.objectContaining({ envolvementId: mayas.id, description: 'My vase', status: 'inReview' }),
    ]);
    expect(file.comments).toEqual([expect.objectContaining({ body: 'Count me in', replyTo: null })]);
    expect(file.notifications.map((n: { kind: string; text: string }) => [n.kind, n.text]).sort()).toEqual([
      ['comment_replied', 'Maya Chen replied to your comment on Kick-off'],
      ['member_joined', 'Bob Stone joined Sam’s club'],
    ]);
    expect(file.emailSettings).toEqual({
      members: true,
      updates: false,
      submissions: true,
      comments: true,
      following: true,
    });
    // Sam's data only: nobody else's address, nor another member's comment.
    const text = JSON.stringify(file);
    for (const address of [maya.email, bob.email]) expect(text).not.toContain(address);
    expect(text).not.toContain('Great!');
  });

  it('answers 404 to another account, an unknown or malformed id, and a file not ready', async () => {
    const sam = await createUser();
    const stranger = await createUser();
    const { id } = (await ask(sam)).body.export;
    expect(await download(sam, id)).toMatchObject({ status: 404, body: NOT_FOUND });
    await buildPendingExports();
    for (const [as, path] of [
      [stranger, id],
      [sam, UNKNOWN],
      [sam, 'not-an-id'],
    ] as const) {
      const res = await download(as, path);
      expect({ status: res.status, body: res.body }).toEqual({ status: 404, body: NOT_FOUND });
    }
    expect((await latest(stranger)).body).toEqual({ export: null });
    expect((await download(sam, id)).status).toBe(200);
  });

  it('stops offering the file once it expires, and the cleanup deletes it', async () => {
    const sam = await createUser();
    const { id } = (await ask(sam)).body.export;
    await buildPendingExports();
    const failed = (await ask(sam)).body.export;
    await db().update(dataExports).set({ status: 'failed' }).where(eq(dataExports.id, failed.id));
    expect(await deleteExpiredExports()).toBe(0);

    await db()
      .update(dataExports)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(dataExports.id, id));
    expect(await download(sam, id)).toMatchObject({ status: 404, body: NOT_FOUND });
    // The failed one, newer, is still what the page shows.
    expect((await latest(sam)).body.export).toMatchObject({ id: failed.id, status: 'failed' });
    // A failed one goes once it is as old as an export's lifetime.
    await db()
      .update(dataExports)
      .set({ createdAt: sql`now() - make_interval(days => ${EXPORT_LIFETIME_DAYS + 1})` })
      .where(eq(dataExports.id, failed.id));
    expect(await deleteExpiredExports()).toBe(2);
    expect(await db().select().from(dataExports)).toEqual([]);
    expect((await latest(sam)).body).toEqual({ export: null });
  });

  it('mails no address that was never confirmed, and still offers the file', async () => {
    const sam = await createUser({ emailVerifiedAt: null });
    const { id } = (await ask(sam)).body.export;
    expect(await buildPendingExports()).toEqual({ built: 1, failed: 0 });
    expect(await queuedMail()).toEqual([]);
    expect((await download(sam, id)).status).toBe(200);
  });

  it('runs on the job queue: the file is ready and mailed within seconds of the request', async () => {
    vi.stubEnv('MAIL_POLL_SECONDS', '1');
    const sam = await createUser();
    const jobs = await startJobs(database.handle());
    try {
      expect(await jobs.boss.getSchedules()).toContainEqual(
        expect.objectContaining({ name: BUILD_DATA_EXPORTS, cron: '* * * * *' }),
      );
      const { id } = (await ask(sam)).body.export;
      await vi.waitFor(async () => expect((await latest(sam)).body.export.status).toBe('ready'), {
        timeout: 20_000,
        interval: 200,
      });
      await vi.waitFor(() => expect(smtp.received).toHaveLength(1), { timeout: 15_000, interval: 200 });
      const mail = smtp.received[0]!;
      expect(mail.envelope.to).toEqual([sam.email]);
      expect(mail.parsed.subject).toBe('Your Envolve data is ready');
      expect(mail.parsed.text).toContain(`${SITE}/account#data`);
      expect(mail.parsed.html).toContain('Download my data');
      expect((await download(sam, id)).status).toBe(200);
    } finally {
      await jobs.stop();
    }
  }, 60_000);
});

describe('a member that joined for free', () => {
  it('is in the file as a membership without a payment', async () => {
    const sam = await createUser();
    const maya = await createUser();
    const row = await createEnvolvement(maya.id, { title: 'Free jam' });
    await createPurchase(row.id, sam.id);
    const { id } = (await ask(sam)).body.export;
    await buildPendingExports();
    const file = (await download(sam, id)).body;
    expect(file.memberships).toEqual([
      expect.objectContaining({ envolvement: 'Free jam', amountCents: 0, paymentId: null }),
    ]);
    expect(file.payments).toEqual([]);
  });
});
