import { asc, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { db } from '@/lib/db/client';
import { deliverFollowDigests, queueFollowDigests } from '@/lib/follows/digest';
import { emailOutbox, envolvements, followDigests, notifications } from '@/models';
import { createEnvolvement, createUser, type TestUser } from '../factories';
import { editBody } from '../factories/envolvement-input';
import { useTestDatabase } from '../helpers/db';
import { call } from '../helpers/http';
import { toldColumns } from '../helpers/notifications';
import { recordStatements } from '../helpers/statements';
import { useMailSettings, useTestSmtp } from '../helpers/smtp';

// A creator publishes a new envolvement: each follower is told in the product, in the
// statement that publishes it, and by e-mail in a digest, one a day at most, if they want it.

useTestDatabase();
const smtp = useTestSmtp();
const SITE = 'http://follow.example';
useMailSettings(SITE, { name: 'Envolve', address: 'notifications@follow.example' });

const HOUR = 3_600_000;

const follow = (as: TestUser, creator: TestUser) =>
  call('PUT', `/api/follows/${encodeURIComponent(creator.id)}`, { as });
const setActive = (as: TestUser, id: string, active: boolean) =>
  call('PUT', `/api/post/${id}/active`, { as, json: { active } });
const setPreferences = (as: TestUser, json: Record<string, boolean>) =>
  call('PUT', '/api/notifications/preferences', { as, json });

/** The 'new envolvement' notifications, by recipient, with whether each was queued to mail on its own. */
async function toldOfNew() {
  return db()
    .select({ ...toldColumns, mailedAlone: sql<boolean>`${emailOutbox.notificationId} is not null` })
    .from(notifications)
    .leftJoin(emailOutbox, eq(emailOutbox.notificationId, notifications.id))
    .where(eq(notifications.kind, 'new_envolvement'))
    .orderBy(asc(notifications.recipientId), asc(notifications.createdAt));
}

const told = (recipientId: string, creator: TestUser, row: { id: string; title: string }) => ({
  recipientId,
  actorId: creator.id,
  kind: 'new_envolvement',
  envolvementId: row.id,
  text: `${creator.name} published a new envolvement: ${row.title}`,
  link: `/envolvement/${row.id}`,
  mailedAlone: false,
});

/** A creator with a draft, and `count` followers. */
async function creatorWithFollowers(count: number) {
  const creator = await createUser();
  const draft = await createEnvolvement(creator.id, { isActive: false });
  const followers: TestUser[] = [];
  for (let n = 0; n < count; n += 1) {
    const person = await createUser();
    expect((await follow(person, creator)).status).toBe(201);
    followers.push(person);
  }
  return { creator, draft, followers };
}

/** Moves every notification and digest `hours` into the past, as if that time had gone by. */
async function timePasses(hours: number) {
  const back = sql`make_interval(hours => ${hours})`;
  await db().execute(sql`update ${notifications} set created_at = created_at - ${back}`);
  await db().execute(sql`update follow_announcements set created_at = created_at - ${back}`);
  await db().execute(
    sql`update ${followDigests} set created_at = created_at - ${back}, covers_from = covers_from - ${back},
      covers_to = covers_to - ${back}, digest_day = (covers_to - ${back})::date`,
  );
}

describe('publishing tells the followers', () => {
  it('writes one notification per follower, not the creator or anyone else, mailed only in the digest', async () => {
    const { creator, draft, followers } = await creatorWithFollowers(3);
    const stranger = await createUser();
    expect((await setActive(creator, draft.id, true)).status).toBe(200);
    const expected = followers.map((person) => told(person.id, creator, draft));
    expect(await toldOfNew()).toEqual(expected.sort((a, b) => a.recipientId.localeCompare(b.recipientId)));
    expect((await toldOfNew()).some((row) => row.recipientId === stranger.id)).toBe(false);
  });

  it('tells nobody again when it goes back to draft and is published once more', async () => {
    const { creator, draft, followers } = await creatorWithFollowers(1);
    await setActive(creator, draft.id, true);
    await setActive(creator, draft.id, false);
    await setActive(creator, draft.id, true);
    expect(await toldOfNew()).toEqual([told(followers[0]!.id, creator, draft)]);
  });

  it('tells them when the edit form publishes it, and not for an envolvement public before', async () => {
    const { creator, draft, followers } = await creatorWithFollowers(1);
    const edited = await call('PUT', `/api/post/${draft.id}`, {
      as: creator,
      json: editBody({ price: { price: 0, free: true }, isActive: true }),
    });
    expect(edited.status).toBe(200);
    expect(await toldOfNew()).toEqual([told(followers[0]!.id, creator, { id: draft.id, title: 'Edited title' })]);
    // Public already: editing it again tells nobody.
    const public_ = await createEnvolvement(creator.id, { isActive: true });
    await db().execute(sql`insert into follow_announcements (envolvement_id) values (${public_.id})`);
    await setActive(creator, public_.id, false);
    await setActive(creator, public_.id, true);
    expect(await toldOfNew()).toHaveLength(1);
  });

  it('does not tell a follower who unfollowed, nor one whose account is gone', async () => {
    const { creator, draft, followers } = await creatorWithFollowers(2);
    await call('DELETE', `/api/follows/${encodeURIComponent(creator.id)}`, { as: followers[0]! });
    await setActive(creator, draft.id, true);
    expect(await toldOfNew()).toEqual([told(followers[1]!.id, creator, draft)]);
  });

  it('writes every follower in one statement, however many they are', async () => {
    const { creator, draft } = await creatorWithFollowers(40);
    const statements = await recordStatements(async () => {
      expect((await setActive(creator, draft.id, true)).status).toBe(200);
    });
    expect(await toldOfNew()).toHaveLength(40);
    expect(statements.filter((s) => /insert into notifications/i.test(s.sql))).toHaveLength(1);
  });
});

describe('the daily digest', () => {
  it('gathers a day of new envolvements into one e-mail per follower', async () => {
    const { creator, draft, followers } = await creatorWithFollowers(1);
    const second = await createEnvolvement(creator.id, { isActive: false, title: 'Second & last' });
    await setActive(creator, draft.id, true);
    await setActive(creator, second.id, true);
    expect(await queueFollowDigests()).toBe(1);
    expect(await deliverFollowDigests()).toEqual({ sent: 1, skipped: 0, retried: 0, failed: 0 });
    expect(smtp.received).toHaveLength(1);
    const mail = smtp.received[0]!;
    expect(mail.envelope.to).toEqual([followers[0]!.email]);
    expect(mail.parsed.subject).toBe('2 new envolvements from creators you follow');
    expect(mail.parsed.text).toContain(`Hi ${followers[0]!.name},`);
    expect(mail.parsed.text).toContain('Second & last');
    expect(mail.parsed.text).toContain(draft.title);
    expect(mail.parsed.html).toContain(`${SITE}/envolvement/${second.id}`);
    expect(mail.parsed.html).toContain(`${SITE}/following`);
    const oneClick = mail.parsed.headerLines.find((line) => line.key === 'list-unsubscribe-post');
    expect(oneClick?.line).toBe('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
  });

  it('sends at most one a day: news within the day waits for the next digest', async () => {
    const { creator, draft, followers } = await creatorWithFollowers(1);
    await setActive(creator, draft.id, true);
    expect(await queueFollowDigests()).toBe(1);
    await deliverFollowDigests();
    const later = await createEnvolvement(creator.id, { isActive: false, title: 'Later that day' });
    await setActive(creator, later.id, true);
    await timePasses(12);
    expect(await queueFollowDigests()).toBe(0);
    await timePasses(11);
    expect(await queueFollowDigests()).toBe(1);
    await deliverFollowDigests();
    expect(smtp.received.map((mail) => mail.parsed.subject)).toEqual([
      'A new envolvement from a creator you follow',
      'A new envolvement from a creator you follow',
    ]);
    // The second lists only what came after the first.
    expect(smtp.received[1]!.parsed.text).toContain('Later that day');
    expect(smtp.received[1]!.parsed.text).not.toContain(draft.title);
    expect(followers).toHaveLength(1);
  });

  it('holds two runs at once to one digest a day per person', async () => {
    const { creator, draft } = await creatorWithFollowers(2);
    await setActive(creator, draft.id, true);
    const made = await Promise.all([queueFollowDigests(), queueFollowDigests()]);
    expect(made.reduce((a, b) => a + b, 0)).toBe(2);
    const now = new Date(Date.now() + HOUR);
    expect(await queueFollowDigests(now)).toBe(0);
  });

  it("mails only those whose 'following' e-mails are on, with a confirmed address", async () => {
    const { creator, draft, followers } = await creatorWithFollowers(3);
    const [keen, quiet, unconfirmed] = followers as [TestUser, TestUser, TestUser];
    expect((await setPreferences(quiet, { following: false })).body).toMatchObject({ following: false });
    await db().execute(sql`update users set email_verified_at = null where id = ${unconfirmed.id}`);
    await setActive(creator, draft.id, true);
    expect(await queueFollowDigests()).toBe(1);
    await deliverFollowDigests();
    expect(smtp.received.map((mail) => mail.envelope.to)).toEqual([[keen.email]]);
    // Everyone is still told in the product.
    expect(await toldOfNew()).toHaveLength(3);
  });

  it('sends nothing once the follower turned the topic off, or the envolvement went back to draft', async () => {
    const { creator, draft, followers } = await creatorWithFollowers(2);
    await setActive(creator, draft.id, true);
    expect(await queueFollowDigests()).toBe(2);
    await setPreferences(followers[0]!, { following: false });
    expect(await deliverFollowDigests()).toEqual({ sent: 1, skipped: 1, retried: 0, failed: 0 });
    const other = await createUser();
    const solo = await createEnvolvement(other.id, { isActive: false });
    await follow(followers[1]!, other);
    await setActive(other, solo.id, true);
    await db().update(envolvements).set({ isActive: false }).where(eq(envolvements.id, solo.id));
    await timePasses(24);
    expect(await queueFollowDigests()).toBe(1);
    expect(await deliverFollowDigests()).toEqual({ sent: 0, skipped: 1, retried: 0, failed: 0 });
    expect(smtp.received).toHaveLength(1);
  });
});
