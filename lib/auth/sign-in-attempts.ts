import 'server-only';
import { AsyncLocalStorage } from 'node:async_hooks';
import { clearRateLimit, consumeRateLimit, limitReached, RateLimitError, refundRateLimit } from '@/lib/rate-limit';

// Every password check is counted where its outcome is known: here, around the check
// itself, not from the shape of next-auth's answer (a plain form gets a redirect, a form
// with `json` a 401, and both are the same guess). The attempt takes its point before the
// password is checked, so guesses sent at once cannot all pass a count that is still low;
// a success gives the point back.

type Attempt = { refusal: RateLimitError | null };

const attempts = new AsyncLocalStorage<Attempt>();

/**
 * Runs next-auth's handling of a sign-in and says whether a limit refused it or was used
 * up by it, so that the answer can tell the person how long to wait.
 */
export async function runSignInAttempt<T>(
  run: () => Promise<T>,
): Promise<{ result: T; refusal: RateLimitError | null }> {
  const attempt: Attempt = { refusal: null };
  const result = await attempts.run(attempt, run);
  return { result, refusal: attempt.refusal };
}

function refuse(error: RateLimitError): null {
  const attempt = attempts.getStore();
  if (attempt) attempt.refusal = error;
  return null;
}

/** The key an account is counted by: its e-mail as sign-in looks it up. */
export function signInAccountKey(email: string): string {
  return email.trim().toLowerCase().slice(0, 254);
}

/**
 * Checks a password under the sign-in limits: per account and per address. While either is
 * used up, even the right password is refused without being checked. A success clears the
 * count of the account whose password matched, and only that one.
 */
export async function checkSignIn<User>(
  email: string,
  ip: string,
  verify: () => Promise<User | null>,
): Promise<User | null> {
  const account = signInAccountKey(email);
  try {
    await consumeRateLimit('signInIp', ip);
    await consumeRateLimit('signInAccount', account);
  } catch (error) {
    if (error instanceof RateLimitError) return refuse(error);
    throw error;
  }
  const user = await verify();
  if (user) {
    await Promise.all([clearRateLimit('signInAccount', account), refundRateLimit('signInIp', ip)]);
    return user;
  }
  // The failure that used up a limit already says how long to wait.
  const spent = (await limitReached('signInAccount', account)) ?? (await limitReached('signInIp', ip));
  return spent ? refuse(spent) : null;
}
