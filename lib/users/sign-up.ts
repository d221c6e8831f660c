import 'server-only';
import { createHash, randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { db } from '@/lib/db/client';
import { SIGN_UP_LIFETIME_MINUTES } from '@/lib/domain/accounts';
import { AppError } from '@/lib/http/errors';
import { safeReturnPath } from '@/lib/http/return-path';
import { siteUrl } from '@/lib/site';
import type { RegisterInput } from '@/lib/validation/auth';
import { signUps } from '@/models';
import { hashPassword } from './password';
import { checkPasswordStrength } from './password-strength';

// Sign-up answers alike for every address, in status, body, headers, work and time: it
// checks the form, hashes the password and writes a row, nothing else. Whether the address
// already has an account is looked up later by the mail job (./sign-up-lookup.ts), which
// mails a link to confirm it, or tells the owner of an existing account that someone tried.
// The account is made only when the link is followed by whoever signed up
// (./sign-up-confirm.ts): until then nothing can be signed in to and no handle is taken, so
// neither a later sign-in nor a later sign-up tells a stranger who is here.

/** The cookie that lets the browser that signed up finish it from the link without the password. */
export const SIGN_UP_COOKIE = 'envolve-sign-up';

export const hashOf = (value: string) => createHash('sha256').update(value).digest('hex');

/**
 * Queues the sign-up; gives the proof its answer leaves in the browser. Throws only what the
 * person must fix in the form (a password too easy to guess), which depends on nothing stored.
 */
export async function requestSignUp(input: RegisterInput & { returnPath?: string }): Promise<string> {
  const email = input.email.toLowerCase();
  const weakness = await checkPasswordStrength(input.password, { email, name: input.name, handle: input.handle });
  if (weakness) throw new AppError('bad_request', weakness, { password: weakness });
  const proof = randomBytes(32).toString('base64url');
  await db()
    .insert(signUps)
    .values({
      email,
      name: input.name,
      handle: input.handle,
      passwordHash: await hashPassword(input.password),
      proofHash: hashOf(proof),
      returnPath: input.returnPath ? safeReturnPath(input.returnPath, '') || null : null,
      expiresAt: sql`now() + make_interval(mins => ${SIGN_UP_LIFETIME_MINUTES})`,
    });
  return proof;
}

/** The Set-Cookie of a sign-up's proof: this site only, never read by scripts, as long as its link works. */
export function signUpCookie(proof: string): string {
  const secure = siteUrl().startsWith('https://');
  return [
    `${secure ? '__Host-' : ''}${SIGN_UP_COOKIE}=${proof}`,
    'Path=/',
    `Max-Age=${SIGN_UP_LIFETIME_MINUTES * 60}`,
    'HttpOnly',
    'SameSite=Lax',
    ...(secure ? ['Secure'] : []),
  ].join('; ');
}

/** The proof a request's Cookie header carries, if any. */
export function signUpProofFrom(cookieHeader: string | null | undefined): string | null {
  const name = `${siteUrl().startsWith('https://') ? '__Host-' : ''}${SIGN_UP_COOKIE}`;
  for (const part of (cookieHeader ?? '').split(';')) {
    const at = part.indexOf('=');
    if (at > 0 && part.slice(0, at).trim() === name) return part.slice(at + 1).trim() || null;
  }
  return null;
}

export type SignUpLink =
  | { status: 'pending'; email: string; returnPath: string | null; proven: boolean }
  | { status: 'confirmed'; email: string }
  | { status: 'expired' }
  | { status: 'invalid' };

/**
 * What a sign-up's link leads to, changing nothing (a mail scanner may open it first):
 * waiting for whoever signed up (`proven` when this browser did), already done, or no more.
 */
export async function peekSignUp(token: string, proof: string | null): Promise<SignUpLink> {
  const [row] = await db()
    .select({
      email: signUps.email,
      status: signUps.status,
      proofHash: signUps.proofHash,
      returnPath: signUps.returnPath,
      live: sql<boolean>`${signUps.expiresAt} > now()`,
    })
    .from(signUps)
    .where(eq(signUps.tokenHash, hashOf(token)))
    .limit(1);
  if (!row) return { status: 'invalid' };
  if (row.status === 'confirmed') return { status: 'confirmed', email: row.email };
  if (row.status !== 'mailed' || !row.live) return { status: 'expired' };
  return {
    status: 'pending',
    email: row.email,
    returnPath: row.returnPath,
    proven: proof !== null && hashOf(proof) === row.proofHash,
  };
}
