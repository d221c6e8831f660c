import 'server-only';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { getAuthSecret } from '@/lib/auth/secret';
import { EMAIL_TOPICS, type EmailTopic } from '@/lib/domain/notifications';
import { AppError } from '@/lib/http/errors';
import { getTopicOnAt, turnOffIfOnAtIs } from './preferences';

// The one-click unsubscribe link of an e-mail: who, which topic and when the link was made
// (milliseconds), signed with the site's secret, so following it needs no sign-in and
// cannot be forged for someone else. An old e-mail must not undo a later choice: a link
// stops working once its topic is switched back on after it was made, and after a year.

const DAY_MS = 86_400_000;
const LINK_DAYS = 365;

// Links sent before they carried a time hold `[userId, topic]` only. Each was made before
// this release, so before any switch-on that is recorded: any recorded one refuses them,
// and a user who never switched the topic back on can still use them. Their age is
// unknown, so they count as made at the release: they work until a year after it.
const UNTIMED_LINKS_END = Date.parse('2027-11-28T00:00:00Z');

type UnsubscribeLink = { userId: string; topic: EmailTopic; issuedAt: number | null };

const sign = (payload: string) =>
  createHmac('sha256', `unsubscribe|${getAuthSecret()}`).update(payload).digest('base64url');

export function unsubscribeToken(userId: string, topic: EmailTopic, issuedAt: Date = new Date()): string {
  const payload = Buffer.from(JSON.stringify([userId, topic, issuedAt.getTime()])).toString('base64url');
  return `${payload}.${sign(payload)}`;
}

/**
 * Who and what a token unsubscribes, and when it was made (milliseconds; null for a link
 * from before links carried a time); null for anything not signed by this site.
 */
export function readUnsubscribeToken(token: string): UnsubscribeLink | null {
  const [payload, signature, extra] = token.split('.');
  if (!payload || !signature || extra !== undefined || token.length > 1000) return null;
  const expected = Buffer.from(sign(payload));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  try {
    const fields: unknown = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    if (!Array.isArray(fields) || fields.length < 2 || fields.length > 3) return null;
    const [userId, topic, issuedAt] = fields as unknown[];
    if (typeof userId !== 'string' || !(EMAIL_TOPICS as readonly unknown[]).includes(topic)) return null;
    if (fields.length === 2) return { userId, topic: topic as EmailTopic, issuedAt: null };
    if (!Number.isSafeInteger(issuedAt) || (issuedAt as number) < 0) return null;
    return { userId, topic: topic as EmailTopic, issuedAt: issuedAt as number };
  } catch {
    return null;
  }
}

const INVALID_UNSUBSCRIBE = 'This unsubscribe link is not valid. Change your e-mail settings on your account page.';
const EXPIRED_UNSUBSCRIBE =
  'This unsubscribe link has expired: links work for a year after their e-mail is sent. Change your e-mail settings on your account page.';
const OUTDATED_UNSUBSCRIBE =
  'This unsubscribe link is out of date: these e-mails were turned back on after it was sent. Change your e-mail settings on your account page.';

const expired = (link: UnsubscribeLink) =>
  Date.now() > (link.issuedAt === null ? UNTIMED_LINKS_END : link.issuedAt + LINK_DAYS * DAY_MS);

// A link made in the very millisecond of the switch-on is refused too: which came first
// cannot be told, and the choice made in the settings wins.
const madeBefore = (link: UnsubscribeLink, onAt: Date | null) =>
  onAt !== null && (link.issuedAt === null || link.issuedAt <= onAt.getTime());

type UnsubscribeCheck = { link: UnsubscribeLink; onAt: Date | null } | { refused: AppError };

/** Whether a token would unsubscribe now; if not, the refusal, whose message says why. */
export async function checkUnsubscribeLink(token: string): Promise<UnsubscribeCheck> {
  const link = readUnsubscribeToken(token);
  if (!link) return { refused: new AppError('bad_request', INVALID_UNSUBSCRIBE) };
  if (expired(link)) return { refused: new AppError('gone', EXPIRED_UNSUBSCRIBE) };
  const state = await getTopicOnAt(link.userId, link.topic);
  // Signed for an account that is gone since: nothing to turn off.
  if (!state) return { refused: new AppError('bad_request', INVALID_UNSUBSCRIBE) };
  if (madeBefore(link, state.onAt)) return { refused: new AppError('gone', OUTDATED_UNSUBSCRIBE) };
  return { link, onAt: state.onAt };
}

/** Turns off the e-mails of a signed token's topic for its user; gives the topic. */
export async function unsubscribe(token: string): Promise<EmailTopic> {
  const checked = await checkUnsubscribeLink(token);
  if ('refused' in checked) throw checked.refused;
  const { link, onAt } = checked;
  if (await turnOffIfOnAtIs(link.userId, link.topic, onAt)) return link.topic;
  // Switched back on, or the account deleted, between the check and the write: the
  // write did not happen, and a second look says why.
  const again = await checkUnsubscribeLink(token);
  throw 'refused' in again ? again.refused : new AppError('gone', OUTDATED_UNSUBSCRIBE);
}
