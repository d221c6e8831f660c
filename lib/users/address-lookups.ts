import 'server-only';
import { randomBytes } from 'node:crypto';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { db, type Tx } from '@/lib/db/client';
import { rows } from '@/lib/db/rows';
import { accountRequests, signUps, users } from '@/models';
import { queueAccountMail, siteLink } from './account-mail';
import { hashOf } from './sign-up';
import { mailLink } from './tokens';

// The second half of the requests that name an address and answer alike whoever holds it
// (a sign-up, "forgot password", a move to a new address): the mail job looks the address up
// here and queues what its owner should get. Each request is handled in a transaction of its
// own, taken with SKIP LOCKED, so several workers share the queue, and one that dies midway
// leaves the request to the next, with nothing of it written.

type QueuedSignUp = typeof signUps.$inferSelect;
type QueuedRequest = typeof accountRequests.$inferSelect;

/** The live account that holds an address, if any, locked while the request is handled. */
async function holderOf(tx: Tx, email: string) {
  const [holder] = await tx
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      verifiedAt: users.emailVerifiedAt,
      hasPassword: sql<boolean>`${users.passwordHash} is not null`,
    })
    .from(users)
    .where(and(eq(sql`lower(${users.email})`, email.toLowerCase()), isNull(users.deletedAt)))
    .limit(1)
    .for('update');
  return holder ?? null;
}

// A confirmed owner is told that someone tried, and nothing else happens. Otherwise (no
// account, or one whose address nobody confirmed) the sign-up is mailed its link: following
// it makes the account, or gives the unconfirmed one to whoever proves the address.
async function lookUpSignUp(tx: Tx, row: QueuedSignUp): Promise<void> {
  const holder = await holderOf(tx, row.email);
  if (holder?.verifiedAt && holder.email) {
    await queueAccountMail(
      holder.email,
      {
        kind: 'sign_up_attempt',
        payload: { name: holder.name, signInUrl: siteLink('/login'), resetUrl: siteLink('/forgot-password') },
      },
      holder.id,
      tx,
    );
    await tx.update(signUps).set({ status: 'closed', passwordHash: null }).where(eq(signUps.id, row.id));
    return;
  }
  // Past the address's cap of e-mails the sign-up is dropped, as silently as it was answered.
  const token = randomBytes(32).toString('base64url');
  const mailed = await queueAccountMail(
    row.email,
    { kind: 'sign_up_confirm', payload: { name: row.name, url: siteLink(`/sign-up/confirm?token=${token}`) } },
    holder?.id ?? null,
    tx,
  );
  await tx
    .update(signUps)
    .set(mailed ? { status: 'mailed', tokenHash: hashOf(token) } : { status: 'closed', passwordHash: null })
    .where(eq(signUps.id, row.id));
}

// A reset link goes only to an account with a password and a confirmed address.
async function lookUpReset(tx: Tx, row: QueuedRequest): Promise<void> {
  const holder = await holderOf(tx, row.email);
  if (!holder?.email || !holder.verifiedAt || !holder.hasPassword) return;
  await mailLink(tx, { userId: holder.id, purpose: 'password_reset', email: holder.email }, (token) => ({
    kind: 'password_reset',
    payload: { name: holder.name, url: siteLink(`/reset-password?token=${token}`) },
  }));
}

// The new address gets its link unless another account holds it.
async function lookUpEmailChange(tx: Tx, row: QueuedRequest): Promise<void> {
  if (!row.userId || (await holderOf(tx, row.email))) return;
  const [mover] = await tx
    .select({ name: users.name })
    .from(users)
    .where(and(eq(users.id, row.userId), isNull(users.deletedAt)));
  if (!mover) return;
  await mailLink(tx, { userId: row.userId, purpose: 'email_change', email: row.email }, (token) => ({
    kind: 'email_change_confirm',
    payload: { name: mover.name, newEmail: row.email, url: siteLink(`/confirm-email?token=${token}`) },
  }));
}

/** Takes the oldest waiting sign-up nobody else holds and looks it up; false when none waits. */
async function lookUpNextSignUp(): Promise<boolean> {
  return db().transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(signUps)
      .where(eq(signUps.status, 'queued'))
      .orderBy(asc(signUps.createdAt))
      .limit(1)
      .for('update', { skipLocked: true });
    if (!row) return false;
    await lookUpSignUp(tx, row);
    return true;
  });
}

async function lookUpNextRequest(): Promise<boolean> {
  return db().transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(accountRequests)
      .orderBy(asc(accountRequests.createdAt))
      .limit(1)
      .for('update', { skipLocked: true });
    if (!row) return false;
    await (row.kind === 'password_reset' ? lookUpReset : lookUpEmailChange)(tx, row);
    await tx.delete(accountRequests).where(eq(accountRequests.id, row.id));
    return true;
  });
}

/**
 * Looks up every address waiting, until none waits or `signal` aborts (the job's time is up,
 * the server stops); gives how many were handled.
 */
export async function lookUpAddresses(options: { signal?: AbortSignal } = {}): Promise<number> {
  let handled = 0;
  for (const next of [lookUpNextSignUp, lookUpNextRequest]) {
    while (!options.signal?.aborted && (await next())) handled += 1;
  }
  return handled;
}

/** Whether any address waits to be looked up: a look at two small indexes. */
export async function hasAddressesToLookUp(): Promise<boolean> {
  const [row] = await rows<{ waiting: boolean }>(sql`
    select exists (select 1 from ${signUps} where ${signUps.status} = 'queued')
      or exists (select 1 from ${accountRequests}) as waiting`);
  return Boolean(row?.waiting);
}
