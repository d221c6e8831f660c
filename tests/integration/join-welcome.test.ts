import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { asc, eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { db } from '@/lib/db/client';
import { getMailFile, isUnreadable, listMailFiles, type MailMessage } from '@/lib/mail/outbox-files';
import { deliverMemberMail } from '@/lib/notifications/member-mail';
import { envolvements, memberMail } from '@/models';
import { useTestDatabase } from '../helpers/db';
import { call } from '../helpers/http';
import { paidSetup, paymentOf, usePayments } from '../helpers/payments';
import { createEnvolvement, createPurchase, createUser, type TestUser } from '../factories';
import { creationBody, editBody } from '../factories/envolvement-input';

useTestDatabase();
const { joinByCard } = usePayments();

// Without SMTP_URL every message the app sends is written to MAIL_DIR, a folder of this
// test's own: what is in it is exactly what was sent, and when.
let mailDir: string;
beforeEach(async () => {
  mailDir = await mkdtemp(path.join(tmpdir(), 'member-mail-'));
  vi.stubEnv('MAIL_DIR', mailDir);
  vi.stubEnv('SMTP_URL', '');
});
afterEach(async () => {
  await rm(mailDir, { recursive: true, force: true });
});

async function sentMail(): Promise<MailMessage[]> {
  const { mails } = await listMailFiles();
  const read = await Promise.all(mails.map((mail) => getMailFile(mail.name)));
  return read.map((mail) => {
    if (!mail || isUnreadable(mail)) throw new Error(`unreadable mail: ${JSON.stringify(mail)}`);
    return mail;
  });
}

const join = (as: TestUser | null, id: string) =>
  call('POST', '/api/payment/grant-access', { as, json: { submissionId: id } });

const queued = () =>
  db()
    .select({
      userId: memberMail.userId,
      kind: memberMail.kind,
      status: memberMail.status,
      payload: memberMail.payload,
    })
    .from(memberMail)
    .orderBy(asc(memberMail.createdAt), asc(memberMail.kind));

const WELCOME = 'Thanks for joining! Say hi in the comments.\nFirst stream: Friday.';

describe('one-click free join (POST /api/payment/grant-access)', () => {
  it('joins, answers the welcome (what the member gets, the message) and queues the welcome e-mail', async () => {
    const creator = await createUser();
    const member = await createUser();
    const row = await createEnvolvement(creator.id, {
      welcomeMessage: WELCOME,
      commentsAllowed: true,
      submissionsAllowed: true,
      submissionsActive: true,
    });
    const res = await join(member, row.id);
    expect({ status: res.status, body: res.body }).toEqual({
      status: 200,
      body: {
        success: true,
        welcome: {
          envolvementId: row.id,
          title: row.title,
          welcomeMessage: WELCOME,
          submissionsOpen: true,
          comments: true,
        },
      },
    });
    expect(await queued()).toEqual([
      {
        userId: member.id,
        kind: 'welcome',
        status: 'pending',
        payload: {
          envolvementId: row.id,
          title: row.title,
          creatorName: creator.name,
          welcomeMessage: WELCOME,
          submissionsOpen: true,
          comments: true,
        },
      },
    ]);
    // Queued, not sent: the request mailed nothing.
    expect(await sentMail()).toEqual([]);
  });

  it('says what a member of an envolvement without submissions or comments gets, and no message', async () => {
    const member = await createUser();
    const row = await createEnvolvement((await createUser()).id, { commentsAllowed: false });
    const res = await join(member, row.id);
    expect(res.body.welcome).toEqual({
      envolvementId: row.id,
      title: row.title,
      welcomeMessage: '',
      submissionsOpen: false,
      comments: false,
    });
  });

  it('refuses with the checkout messages and queues nothing: sold out, already a member, signed out', async () => {
    const creator = await createUser();
    const member = await createUser();
    const soldOut = await createEnvolvement(creator.id, { unlimited: false, quantity: 1 });
    await createPurchase(soldOut.id, (await createUser()).id);
    const joined = await createEnvolvement(creator.id);
    await createPurchase(joined.id, member.id);
    const answers = [await join(member, soldOut.id), await join(member, joined.id), await join(null, joined.id)];
    expect(answers.map(({ status, body }) => ({ status, body }))).toEqual([
      { status: 409, body: { error: 'Sold Out', code: 'conflict' } },
      { status: 409, body: { error: 'You have already bought this!', code: 'conflict' } },
      { status: 401, body: { error: 'You must be signed in to do this.', code: 'unauthorized' } },
    ]);
    expect(await queued()).toEqual([]);
  });

  it('gives a signed-in viewer the one-click join on the page, and a visitor the way to sign in and come back', async () => {
    const row = await createEnvolvement((await createUser()).id);
    const page = (as: TestUser | null) => call('GET', `/api/me?page=/envolvement/${row.id}`, { as });
    expect((await page(await createUser())).body.page.action).toEqual({
      kind: 'join',
      label: 'Join for Free',
      href: `/payment/${row.id}`,
      envolvementId: row.id,
    });
    expect((await page(null)).body.page.action).toEqual({
      kind: 'go',
      label: 'Sign in to join',
      href: `/login?callbackUrl=${encodeURIComponent(`/payment/${row.id}`)}`,
    });
  });

  it("shows the welcome message to the creator and members only, never to a visitor's cached copy", async () => {
    const creator = await createUser();
    const member = await createUser();
    const row = await createEnvolvement(creator.id, { welcomeMessage: WELCOME });
    await createPurchase(row.id, member.id);
    const seen = async (as: TestUser | null) => (await call('GET', `/api/post/${row.id}`, { as })).body.welcomeMessage;
    expect([await seen(creator), await seen(member), await seen(await createUser()), await seen(null)]).toEqual([
      WELCOME,
      WELCOME,
      undefined,
      undefined,
    ]);
  });
});

describe('the welcome message (create and edit)', () => {
  const create = (as: TestUser, overrides: Record<string, unknown>) =>
    call('POST', '/api/post/new-base-envolvement', { as, json: creationBody(overrides) });
  const storedOf = async (id: string) =>
    (await db().select({ m: envolvements.welcomeMessage }).from(envolvements).where(eq(envolvements.id, id)))[0]!.m;
  const TOO_LONG = {
    status: 400,
    body: {
      error: 'Please fix the errors before submitting',
      code: 'bad_request',
      fields: { welcomeMessage: 'Welcome message must be 1000 characters or fewer' },
    },
  };

  it('is optional when creating, takes 1,000 characters and refuses 1,001', async () => {
    const creator = await createUser();
    const none = await create(creator, {});
    expect(none.status).toBe(200);
    expect(await storedOf(none.body.postedID)).toBe('');
    const atLimit = await create(creator, { welcomeMessage: `  ${'w'.repeat(1000)}  ` });
    expect(atLimit.status).toBe(200);
    expect(await storedOf(atLimit.body.postedID)).toBe('w'.repeat(1000));
    const past = await create(creator, { welcomeMessage: 'w'.repeat(1001) });
    expect({ status: past.status, body: past.body }).toEqual(TOO_LONG);
  });

  it('is edited at 1,000 characters, refused at 1,001, and kept by an edit that leaves it out', async () => {
    const creator = await createUser();
    const row = await createEnvolvement(creator.id);
    const edit = (welcomeMessage?: string) =>
      call('PUT', `/api/post/${row.id}`, {
        as: creator,
        json: editBody({
          price: { price: null, free: true },
          ...(welcomeMessage === undefined ? {} : { welcomeMessage }),
        }),
      });
    const atLimit = await edit('m'.repeat(1000));
    expect(atLimit.status).toBe(200);
    expect(atLimit.body.welcomeMessage).toBe('m'.repeat(1000));
    const past = await edit('m'.repeat(1001));
    expect({ status: past.status, body: past.body }).toEqual(TOO_LONG);
    expect((await edit()).status).toBe(200);
    expect(await storedOf(row.id)).toBe('m'.repeat(1000));
    expect((await edit('')).status).toBe(200);
    expect(await storedOf(row.id)).toBe('');
  });
});

describe('member e-mails: welcome and receipts', () => {
  it('sends the welcome e-mail with the message and what the member gets, once the job runs', async () => {
    const creator = await createUser();
    const member = await createUser();
    const row = await createEnvolvement(creator.id, { welcomeMessage: WELCOME, commentsAllowed: true });
    await join(member, row.id);
    expect(await sentMail()).toEqual([]);
    expect(await deliverMemberMail()).toEqual({ sent: 1, skipped: 0, retried: 0, failed: 0 });
    const mails = await sentMail();
    expect(mails.map(({ to, subject }) => ({ to, subject }))).toEqual([
      { to: member.email, subject: `Welcome to ${row.title}` },
    ]);
    const [mail] = mails;
    const text = String(mail!.text);
    expect(text).toContain(`${creator.name} says:`);
    expect(text).toContain('Thanks for joining! Say hi in the comments.');
    expect(text).toContain("The creator's updates");
    expect(text).toContain('Comment on the updates');
    expect(text).not.toContain('Send your submission');
    expect(String(mail!.html)).toContain(`/envolvement/${row.id}`);
    // Sent once: the next run finds nothing due.
    expect(await deliverMemberMail()).toEqual({ sent: 0, skipped: 0, retried: 0, failed: 0 });
  });

  it('sends nothing to an address nobody confirmed', async () => {
    const member = await createUser({ emailVerifiedAt: null });
    await join(member, (await createEnvolvement((await createUser()).id)).id);
    expect(await deliverMemberMail()).toEqual({ sent: 0, skipped: 1, retried: 0, failed: 0 });
    expect(await sentMail()).toEqual([]);
  });

  it("queues a paid join's receipt with the ledger's amount and fee, and sends nothing from the payment", async () => {
    const { buyer, row } = await paidSetup({ welcomeMessage: WELCOME });
    const { intentId } = await joinByCard(buyer, row.id);
    const payment = await paymentOf(intentId);
    expect({ amount: payment.amountCents, fee: payment.applicationFeeCents }).toEqual({ amount: 1999, fee: 100 });
    expect(await sentMail()).toEqual([]);
    const rows = await queued();
    expect(rows.map(({ kind, status, userId }) => ({ kind, status, userId }))).toEqual([
      { kind: 'payment_receipt', status: 'pending', userId: buyer.id },
      { kind: 'welcome', status: 'pending', userId: buyer.id },
    ]);
    expect(rows[0]!.payload).toMatchObject({
      paymentId: intentId,
      envolvementId: row.id,
      amountCents: 1999,
      feeCents: 100,
      currency: 'usd',
    });

    expect((await deliverMemberMail()).sent).toBe(2);
    const receipt = (await sentMail()).find((mail) => mail.subject.startsWith('Receipt'))!;
    expect(receipt.to).toBe(buyer.email);
    const text = String(receipt.text);
    expect(text).toContain('Amount paid: $19.99');
    expect(text).toContain('Envolve platform fee (included): $1.00');
    expect(text).toContain('To the creator: $18.99');
    expect(text).toContain(`Payment reference: ${intentId}`);
  });

  it("queues a refund's receipt in the ledger's transaction, with the refunded amount and the fee returned", async () => {
    const { creator, buyer, row } = await paidSetup();
    const { intentId, purchase } = await joinByCard(buyer, row.id);
    expect((await deliverMemberMail()).sent).toBe(2);
    const before = (await sentMail()).length;

    const refunded = await call('POST', `/api/payment/refund/${purchase.id}`, { as: creator });
    expect(refunded.status).toBe(200);
    // The refund moved the money and queued its receipt; nothing was sent while it did.
    expect(await sentMail()).toHaveLength(before);
    const receipts = (await queued()).filter(({ kind }) => kind === 'refund_receipt');
    expect(receipts).toEqual([
      {
        userId: buyer.id,
        kind: 'refund_receipt',
        status: 'pending',
        payload: expect.objectContaining({
          paymentId: intentId,
          amountCents: 1999,
          refundedCents: 1999,
          feeRefundedCents: 100,
          currency: 'usd',
        }),
      },
    ]);

    expect((await deliverMemberMail()).sent).toBe(1);
    const mail = (await sentMail()).find(({ subject }) => subject.startsWith('Refund'));
    expect({ to: mail!.to, subject: mail!.subject }).toEqual({
      to: buyer.email,
      subject: `Refund receipt for ${row.title}`,
    });
    const text = String(mail!.text);
    expect(text).toContain('Originally paid: $19.99');
    expect(text).toContain('Amount refunded: $19.99');
    expect(text).toContain('Envolve platform fee returned: $1.00');
  });

  it('queues nothing when the money transaction does not commit', async () => {
    const creator = await createUser();
    const member = await createUser();
    const row = await createEnvolvement(creator.id);
    // A join refused inside the claim statement (the creator's own) leaves no welcome behind.
    expect((await join(creator, row.id)).status).toBe(403);
    expect(await queued()).toEqual([]);
    // A refund that Stripe has not made (nothing paid) moves no money and queues no receipt.
    const purchase = await createPurchase(row.id, member.id);
    expect((await call('POST', `/api/payment/refund/${purchase.id}`, { as: creator })).status).not.toBe(200);
    expect(await queued()).toEqual([]);
  });
});
