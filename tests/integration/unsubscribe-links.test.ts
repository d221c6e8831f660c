import { createHmac } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import UnsubscribePage from '@/app/(app)/unsubscribe/page';
import { getAuthSecret } from '@/lib/auth/secret';
import { db } from '@/lib/db/client';
import type { EmailTopic } from '@/lib/domain/notifications';
import { getTopicOnAt, turnOffIfOnAtIs } from '@/lib/notifications/preferences';
import { checkUnsubscribeLink, unsubscribeToken } from '@/lib/notifications/unsubscribe';
import { notificationPreferences, users } from '@/models';
import { createUser, type TestUser } from '../factories';
import { useTestDatabase } from '../helpers/db';
import { call } from '../helpers/http';

// Unsubscribe links stop working once their topic is switched back on after they were
// made, and a year after they were made; the page says why and leads to the settings.

useTestDatabase();

afterEach(() => {
  vi.useRealTimers();
});

const DAY = 86_400_000;
const SETTINGS_LINK = '<a class="font-medium text-brand-700 hover:underline" href="/account#notifications">';
const everything = { members: true, updates: true, submissions: true, comments: true, following: true };
const INVALID = {
  error: 'This unsubscribe link is not valid. Change your e-mail settings on your account page.',
  code: 'bad_request',
};
const EXPIRED = {
  error:
    'This unsubscribe link has expired: links work for a year after their e-mail is sent. Change your e-mail settings on your account page.',
  code: 'gone',
};
const OUTDATED = {
  error:
    'This unsubscribe link is out of date: these e-mails were turned back on after it was sent. Change your e-mail settings on your account page.',
  code: 'gone',
};
const DONE = { unsubscribed: true, topic: 'members', label: 'members joining' };

/** Follows a link as a mail client's one-click unsubscribe does: from another site, no session. */
async function oneClick(token: string) {
  const { status, body } = await call('POST', `/api/notifications/unsubscribe?token=${encodeURIComponent(token)}`, {
    body: 'List-Unsubscribe=One-Click',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://mail.example.net' },
  });
  return { status, body };
}

const setPreferences = async (as: TestUser, json: Record<string, boolean>) =>
  (await call('PUT', '/api/notifications/preferences', { as, json })).body;
const preferencesOf = async (as: TestUser) => (await call('GET', '/api/notifications/preferences', { as })).body;

/** Off, then back on, in the account's e-mail settings; gives the recorded switch-on time. */
async function switchOffAndOn(user: TestUser, topic: EmailTopic): Promise<Date> {
  expect(await setPreferences(user, { [topic]: false })).toEqual({ ...everything, [topic]: false });
  expect(await setPreferences(user, { [topic]: true })).toEqual(everything);
  return (await getTopicOnAt(user.id, topic))!.onAt!;
}

/** A link as e-mails sent before links carried a time made it: `[userId, topic]`, signed. */
function untimedToken(userId: string, topic: EmailTopic): string {
  const payload = Buffer.from(JSON.stringify([userId, topic])).toString('base64url');
  const signature = createHmac('sha256', `unsubscribe|${getAuthSecret()}`).update(payload).digest('base64url');
  return `${payload}.${signature}`;
}

/** The unsubscribe page as its link opens it. */
async function pageFor(token: string): Promise<string> {
  return renderToStaticMarkup(await UnsubscribePage({ searchParams: Promise.resolve({ token }) }));
}

function freezeClockAt(at: Date | number) {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(at);
}

describe('a topic switched back on', () => {
  it('refuses a link sent before the switch-on, and the topic stays on', async () => {
    const user = await createUser();
    const sentBefore = unsubscribeToken(user.id, 'members');
    await switchOffAndOn(user, 'members');

    expect(await oneClick(sentBefore)).toEqual({ status: 410, body: OUTDATED });
    expect(await preferencesOf(user)).toEqual(everything);
  });

  it('takes a link made a millisecond after the switch-on, not one made in its very millisecond', async () => {
    const user = await createUser();
    const onAt = await switchOffAndOn(user, 'members');

    expect(await oneClick(unsubscribeToken(user.id, 'members', onAt))).toEqual({ status: 410, body: OUTDATED });
    expect(await preferencesOf(user)).toEqual(everything);
    const after = unsubscribeToken(user.id, 'members', new Date(onAt.getTime() + 1));
    expect(await oneClick(after)).toEqual({ status: 200, body: DONE });
    expect(await preferencesOf(user)).toEqual({ ...everything, members: false });
  });

  it('voids no link when the settings are saved unchanged, or when another topic is switched back on', async () => {
    const user = await createUser();
    const link = unsubscribeToken(user.id, 'members');
    await switchOffAndOn(user, 'updates');
    // As the settings form saves: every topic, the row there already.
    expect(await setPreferences(user, everything)).toEqual(everything);

    expect(await oneClick(link)).toEqual({ status: 200, body: DONE });
    const [row] = await db().select().from(notificationPreferences);
    expect(row!.emailMembersOnAt).toBeNull();
    expect(row!.emailUpdatesOnAt).toBeInstanceOf(Date);
  });

  it('a switch-on between the check of a link and its write wins: nothing is turned off', async () => {
    const user = await createUser();
    const checked = await checkUnsubscribeLink(unsubscribeToken(user.id, 'members'));
    expect(checked).toMatchObject({ link: { userId: user.id, topic: 'members' }, onAt: null });
    await switchOffAndOn(user, 'members');

    expect(await turnOffIfOnAtIs(user.id, 'members', null)).toBe(false);
    expect(await preferencesOf(user)).toEqual(everything);
  });
});

describe('old links', () => {
  it('a link works for a year (365 days) after it was made, and is refused past it', async () => {
    const user = await createUser();
    const now = new Date('2028-03-01T12:00:00Z');
    freezeClockAt(now);
    const madeAgo = (ms: number) => unsubscribeToken(user.id, 'members', new Date(now.getTime() - ms));

    expect(await oneClick(madeAgo(366 * DAY))).toEqual({ status: 410, body: EXPIRED });
    expect(await oneClick(madeAgo(365 * DAY + 1))).toEqual({ status: 410, body: EXPIRED });
    expect(await preferencesOf(user)).toEqual(everything);
    expect(await oneClick(madeAgo(365 * DAY))).toEqual({ status: 200, body: DONE });
    expect(await preferencesOf(user)).toEqual({ ...everything, members: false });
  });

  it('a link without a time works while the topic was never switched back on, until 2027-11-28', async () => {
    const [keeps, switched] = [await createUser(), await createUser()];
    await switchOffAndOn(switched, 'members');
    // Another topic switched back on leaves this topic's old links as they were.
    await switchOffAndOn(keeps, 'updates');

    freezeClockAt(Date.parse('2027-11-28T00:00:00.001Z'));
    expect(await oneClick(untimedToken(keeps.id, 'members'))).toEqual({ status: 410, body: EXPIRED });
    freezeClockAt(Date.parse('2027-11-28T00:00:00Z'));
    expect(await oneClick(untimedToken(switched.id, 'members'))).toEqual({ status: 410, body: OUTDATED });
    expect(await preferencesOf(switched)).toEqual(everything);
    expect(await oneClick(untimedToken(keeps.id, 'members'))).toEqual({ status: 200, body: DONE });
    expect(await preferencesOf(keeps)).toEqual({ ...everything, members: false });
  });
});

describe('links that are not valid', () => {
  it('a link whose time was changed, to make an old link young, is refused', async () => {
    const user = await createUser();
    const [, signature] = unsubscribeToken(user.id, 'members', new Date(Date.now() - 400 * DAY)).split('.');
    const younger = Buffer.from(JSON.stringify([user.id, 'members', Date.now()])).toString('base64url');

    expect(await oneClick(`${younger}.${signature}`)).toEqual({ status: 400, body: INVALID });
    expect(await db().select().from(notificationPreferences)).toEqual([]);
  });

  it('a link for an account deleted since is refused, and writes nothing', async () => {
    const user = await createUser();
    const link = unsubscribeToken(user.id, 'members');
    await db().delete(users).where(eq(users.id, user.id));

    expect(await oneClick(link)).toEqual({ status: 400, body: INVALID });
    expect(await turnOffIfOnAtIs(user.id, 'members', null)).toBe(false);
    expect(await db().select().from(notificationPreferences)).toEqual([]);
  });
});

describe('the unsubscribe page', () => {
  it('asks before unsubscribing with a link that works', async () => {
    const user = await createUser();
    const html = await pageFor(unsubscribeToken(user.id, 'members'));
    expect(html).toContain('Stop e-mails about members joining?');
    expect(html).not.toContain('role="alert"');
    expect(await preferencesOf(user)).toEqual(everything);
  });

  it('says why a link is refused, leads to the e-mail settings, and offers no button', async () => {
    const [user, gone] = [await createUser(), await createUser()];
    const outdated = unsubscribeToken(user.id, 'members');
    await switchOffAndOn(user, 'members');
    const expired = unsubscribeToken(user.id, 'updates', new Date(Date.now() - 366 * DAY));
    const deleted = unsubscribeToken(gone.id, 'members');
    await db().delete(users).where(eq(users.id, gone.id));
    const [payload] = unsubscribeToken(user.id, 'comments').split('.');

    const refusals: Array<[string, string]> = [
      [outdated, OUTDATED.error],
      [expired, EXPIRED.error],
      [deleted, INVALID.error],
      [`${payload}.tampered`, INVALID.error],
      ['', INVALID.error],
    ];
    for (const [token, message] of refusals) {
      const html = await pageFor(token);
      expect({ token, alert: html.includes(`<p role="alert" class="text-slate-700">${message}</p>`) }).toEqual({
        token,
        alert: true,
      });
      expect(html).toContain(`${SETTINGS_LINK}Go to your e-mail settings</a>`);
      expect(html).not.toContain('Stop e-mails about');
    }
  });
});
