import 'server-only';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { getAuthSecret } from '@/lib/auth/secret';
import { eq } from 'drizzle-orm';
import { db } from '@/lib/db/client';
import { EMAIL_TOPICS, type EmailTopic } from '@/lib/domain/notifications';
import { AppError } from '@/lib/http/errors';
import { users } from '@/models';
import { setPreferences } from './service';

// The one-click unsubscribe link of an e-mail: who and which topic, signed with the site's
// secret, so following it needs no sign-in and cannot be forged for someone else.

const sign = (payload: string) =>
  createHmac('sha256', `unsubscribe|${getAuthSecret()}`).update(payload).digest('base64url');

export function unsubscribeToken(userId: string, topic: EmailTopic): string {
  const payload = Buffer.from(JSON.stringify([userId, topic])).toString('base64url');
  return `${payload}.${sign(payload)}`;
}

/** Who and what a token unsubscribes; null for anything not signed by this site. */
export function readUnsubscribeToken(token: string): { userId: string; topic: EmailTopic } | null {
  const [payload, signature, extra] = token.split('.');
  if (!payload || !signature || extra !== undefined || token.length > 1000) return null;
  const expected = Buffer.from(sign(payload));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  try {
    const [userId, topic] = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as unknown[];
    if (typeof userId !== 'string' || !(EMAIL_TOPICS as readonly unknown[]).includes(topic)) return null;
    return { userId, topic: topic as EmailTopic };
  } catch {
    return null;
  }
}

export const INVALID_UNSUBSCRIBE =
  'This unsubscribe link is not valid. Change your e-mail settings on your account page.';

/** Turns off the e-mails of a signed token's topic for its user; gives the topic. */
export async function unsubscribe(token: string): Promise<EmailTopic> {
  const read = readUnsubscribeToken(token);
  if (!read) throw new AppError('bad_request', INVALID_UNSUBSCRIBE);
  // Signed for an account that is gone since: nothing to turn off.
  const [user] = await db().select({ id: users.id }).from(users).where(eq(users.id, read.userId));
  if (!user) throw new AppError('bad_request', INVALID_UNSUBSCRIBE);
  await setPreferences(read.userId, { [read.topic]: false });
  return read.topic;
}
