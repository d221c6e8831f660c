import 'server-only';
import { randomInt, randomUUID } from 'node:crypto';
import { and, eq, gt, inArray, ne, sql } from 'drizzle-orm';
import { invalidate, userTags } from '@/lib/cache';
import { db, type Tx } from '@/lib/db/client';
import { SIGN_UP_PROOF_ATTEMPTS } from '@/lib/domain/accounts';
import { suggestHandle } from '@/lib/domain/handles';
import { signUps, users } from '@/models';
import { accountColumns, type AccountUser } from './columns';
import { verifyPassword } from './password';
import { isHandleConflict } from './service';
import { hashOf } from './sign-up';
import { handlesChanged, releaseHandle } from './handle-addresses';
import { endTokens } from './tokens';

// Following a sign-up's link makes the account. The link proves the address; whoever follows
// it must also prove they are who signed up: the browser that did (its cookie), or the
// password chosen then. So a stranger who signed up with someone's address cannot have that
// person confirm an account the stranger holds the password of, and a link forwarded or
// opened by a mail scanner makes nothing. The account starts with its address confirmed.

type SignUpRow = typeof signUps.$inferSelect;

export type SignUpProof = { token: string; proof: string | null; password?: string | null };

async function isProven(row: SignUpRow, { proof, password }: SignUpProof): Promise<boolean> {
  if (proof && hashOf(proof) === row.proofHash) return true;
  return Boolean(password && row.passwordHash && (await verifyPassword(password, row.passwordHash)));
}

/** The handle asked for, or one made from it when another account took it meanwhile. */
async function withFreeHandle<T>(
  tx: Tx,
  row: SignUpRow,
  write: (handle: string, chosen: boolean) => Promise<T>,
): Promise<T> {
  for (let attempt = 0; ; attempt += 1) {
    const handle = attempt === 0 ? row.handle : suggestHandle(row.handle, String(randomInt(1000, 10000)));
    try {
      // A savepoint: a refused handle must not end the transaction.
      return await tx.transaction(() => write(handle, attempt === 0));
    } catch (error) {
      if (!isHandleConflict(error) || attempt >= 20) throw error;
    }
  }
}

function createAccount(tx: Tx, row: SignUpRow): Promise<AccountUser> {
  return withFreeHandle(tx, row, async (handle, chosen) => {
    const [user] = await tx
      .insert(users)
      .values({
        id: `local|${randomUUID()}`,
        email: row.email,
        emailVerifiedAt: sql`now()`,
        name: row.name,
        nickname: handle,
        handleChosen: chosen,
        passwordHash: row.passwordHash,
      })
      .returning(accountColumns);
    // Someone's former handle, now this account's: it no longer leads to them.
    await releaseHandle(tx, handle);
    return user!;
  });
}

// An account whose address nobody confirmed (made before sign-ups waited for the link, or by
// an identity provider that did not check it) goes to whoever proves the address: the
// password and name of this sign-up, every session and link of before ended.
async function claimUnconfirmed(tx: Tx, accountId: string, row: SignUpRow): Promise<AccountUser> {
  await tx
    .update(users)
    .set({
      passwordHash: row.passwordHash,
      name: row.name,
      emailVerifiedAt: sql`now()`,
      sessionVersion: sql`${users.sessionVersion} + 1`,
      updatedAt: new Date(),
    })
    .where(eq(users.id, accountId));
  await endTokens(accountId, tx);
  return withFreeHandle(tx, row, async (handle, chosen) => {
    const [user] = await tx
      .update(users)
      .set({ nickname: handle, handleChosen: chosen })
      .where(eq(users.id, accountId))
      .returning(accountColumns);
    await releaseHandle(tx, handle);
    return user!;
  });
}

/**
 * Makes (or claims) the account of a sign-up whose link and proof are right; null when the
 * link no longer works or the proof is wrong (counted: the sign-up closes after a few).
 */
export async function confirmSignUp(input: SignUpProof): Promise<AccountUser | null> {
  const user = await db().transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(signUps)
      .where(
        and(
          eq(signUps.tokenHash, hashOf(input.token)),
          eq(signUps.status, 'mailed'),
          gt(signUps.expiresAt, sql`now()`),
        ),
      )
      .for('update');
    if (!row) return null;
    if (!(await isProven(row, input))) {
      await tx
        .update(signUps)
        .set({
          failedProofs: sql`${signUps.failedProofs} + 1`,
          status: sql`case when ${signUps.failedProofs} + 1 >= ${SIGN_UP_PROOF_ATTEMPTS} then 'closed' else ${signUps.status} end`,
        })
        .where(eq(signUps.id, row.id));
      return null;
    }
    const [holder] = await tx
      .select({ id: users.id, verifiedAt: users.emailVerifiedAt })
      .from(users)
      .where(and(eq(sql`lower(${users.email})`, row.email), sql`${users.deletedAt} is null`))
      .for('update');
    // Its owner confirmed the address meanwhile (a move of their account to it, say).
    if (holder?.verifiedAt) {
      await tx.update(signUps).set({ status: 'closed', passwordHash: null }).where(eq(signUps.id, row.id));
      return null;
    }
    const account = holder ? await claimUnconfirmed(tx, holder.id, row) : await createAccount(tx, row);
    await tx.update(signUps).set({ status: 'confirmed', passwordHash: null }).where(eq(signUps.id, row.id));
    // The other sign-ups of the address have nothing left to make.
    await tx
      .update(signUps)
      .set({ status: 'closed', passwordHash: null })
      .where(
        and(
          eq(sql`lower(${signUps.email})`, row.email),
          ne(signUps.id, row.id),
          inArray(signUps.status, ['queued', 'mailed']),
        ),
      );
    return account;
  });
  // Their public profile shows the name and handle just set.
  if (user) {
    invalidate(...userTags(user.id));
    handlesChanged(user.nickname);
  }
  return user;
}
