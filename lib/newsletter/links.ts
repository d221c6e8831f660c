import 'server-only';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { getAuthSecret } from '@/lib/auth/secret';
import { isUuid } from '@/lib/validation/ids';

// A newsletter's unsubscribe link names its subscriber, signed with the site's secret: it
// works without signing in, for as long as the subscription lasts, and cannot be made for
// someone else's address. The row keeps no copy, so any issue can carry it.

const sign = (subscriberId: string) =>
  createHmac('sha256', `newsletter-unsubscribe|${getAuthSecret()}`).update(subscriberId).digest('base64url');

export function unsubscribeToken(subscriberId: string): string {
  return `${subscriberId}.${sign(subscriberId)}`;
}

/** The subscriber a token names, or null for anything this site did not sign. */
export function readUnsubscribeToken(token: string): string | null {
  const [subscriberId, signature, extra] = token.split('.');
  if (!subscriberId || !signature || extra !== undefined || !isUuid(subscriberId)) return null;
  const expected = Buffer.from(sign(subscriberId));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given) ? subscriberId : null;
}
