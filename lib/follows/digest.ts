import 'server-only';
import { render, toPlainText } from '@react-email/render';
import { createElement } from 'react';
import { sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { rows } from '@/lib/db/rows';
import { EMAIL_TOPIC_LABELS } from '@/lib/domain/notifications';
import { digestSubject, FollowDigestEmail } from '@/lib/mail/follow-digest-email';
import { deliver, hasDue, type ClaimedRow, type DeliveryReport, type Outbox } from '@/lib/mail/outbox';
import { mailFrom } from '@/lib/mail/transport';
import { mailEnabled } from '@/lib/notifications/mail-config';
import { unsubscribeToken } from '@/lib/notifications/unsubscribe';
import { siteUrl } from '@/lib/site';
import { publicNameSql } from '@/lib/users/public-name-sql';
import { users } from '@/models';

// The 'following' e-mail: the new envolvements of followed creators, gathered into one
// e-mail a day at most. Their notifications are written as they are published
// (./announce.ts); a scheduled job makes a digest row per person who has some since their
// last digest, and the mail worker sends it (lib/mail/outbox.ts) as it sends every e-mail.

/** A person's digests are this far apart at least; with the job hourly, about a day. */
const DIGEST_GAP = "interval '23 hours'";
/** How far back a first digest (or one after a long pause) reaches. */
const LOOK_BACK = "interval '7 days'";
/** The most envolvements one e-mail lists; the feed has the rest. */
const MOST_ITEMS = 20;

/**
 * Makes the digests due at `now`, in one statement: for each person whose followed creators
 * published since their last digest (a week back at most), who wants these e-mails and has a
 * confirmed address, and whose last digest is 23 hours old or more. The unique key of
 * (person, UTC day) holds two runs at once to one digest. Gives how many were made.
 */
export async function queueFollowDigests(now: Date = new Date()): Promise<number> {
  if (!mailEnabled()) return 0;
  const at = sql`${now.toISOString()}::timestamptz`;
  const made = await rows<{ id: string }>(sql`
    with recent as (
      select distinct f.follower_id as user_id
      from follow_announcements a
      join envolvements e on e.id = a.envolvement_id
      join follows f on f.creator_id = e.creator_id
      where a.created_at > ${at} - ${sql.raw(LOOK_BACK)} and a.created_at <= ${at}
    ), candidates as (
      select r.user_id, greatest(coalesce(last.covers_to, '-infinity'), ${at} - ${sql.raw(LOOK_BACK)}) as covers_from
      from recent r
      join users u on u.id = r.user_id and u.deleted_at is null
        and u.email is not null and u.email_verified_at is not null
      left join notification_preferences p on p.user_id = r.user_id
      left join lateral (
        select d.covers_to, d.created_at from follow_digests d
        where d.user_id = r.user_id order by d.covers_to desc limit 1
      ) last on true
      where coalesce(p.email_following, true)
        and (last.created_at is null or last.created_at <= ${at} - ${sql.raw(DIGEST_GAP)})
    )
    insert into follow_digests (user_id, digest_day, covers_from, covers_to, created_at, next_attempt_at)
    select c.user_id, (${at} at time zone 'UTC')::date, c.covers_from, ${at}, ${at}, ${at}
    from candidates c
    where exists (
      select 1 from notifications n
      where n.recipient_id = c.user_id and n.kind = 'new_envolvement'
        and n.created_at > c.covers_from and n.created_at <= ${at}
    )
    on conflict (user_id, digest_day) do nothing
    returning id`);
  return made.length;
}

type Claimed = ClaimedRow & {
  user_id: string;
  covers_from: string;
  covers_to: string;
  email: string | null;
  name: string;
  wants: boolean;
  verified: boolean;
};

type Item = { id: string; title: string; creator_name: string };

const creator = publicNameSql(alias(users, 'c'));

/** The envolvements a digest lists: told of in its time span and still published, newest first. */
function digestItems(row: Pick<Claimed, 'user_id' | 'covers_from' | 'covers_to'>): Promise<Item[]> {
  return rows<Item>(sql`
    select e.id, e.title, ${creator} as creator_name
    from notifications n
    join envolvements e on e.id = n.envolvement_id and e.is_active and e.archived_at is null
    join users c on c.id = e.creator_id
    where n.recipient_id = ${row.user_id} and n.kind = 'new_envolvement'
      and n.created_at > ${row.covers_from}::timestamptz and n.created_at <= ${row.covers_to}::timestamptz
    order by n.created_at desc, e.id
    limit ${MOST_ITEMS}`);
}

/** The message of one digest, with its one-click unsubscribe headers; null when nothing is left to list. */
export async function composeDigest(
  row: Pick<Claimed, 'key' | 'user_id' | 'covers_from' | 'covers_to' | 'email' | 'name'>,
) {
  const items = await digestItems(row);
  if (!row.email || items.length === 0) return null;
  const site = siteUrl();
  const token = unsubscribeToken(row.user_id, 'following');
  const html = await render(
    createElement(FollowDigestEmail, {
      recipientName: row.name,
      items: items.map((item) => ({
        title: item.title,
        creatorName: item.creator_name,
        url: `${site}/envolvement/${item.id}`,
      })),
      feedUrl: `${site}/following`,
      topicLabel: EMAIL_TOPIC_LABELS.following,
      preferencesUrl: `${site}/account#notifications`,
      unsubscribeUrl: `${site}/unsubscribe?token=${token}`,
    }),
  );
  return {
    from: mailFrom(),
    to: row.email,
    subject: digestSubject(items.length),
    html,
    text: toPlainText(html),
    messageId: `<follow-digest-${row.key}@${new URL(site).hostname}>`,
    headers: {
      'List-Unsubscribe': `<${site}/api/notifications/unsubscribe?token=${token}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}

const digestOutbox: Outbox<Claimed> = {
  table: 'follow_digests',
  key: 'id',
  scope: 'mail.digest',
  details: sql`
    select c.key, c.attempts, c.locked_until, d.user_id, d.covers_from::text as covers_from,
      d.covers_to::text as covers_to, u.email, ${publicNameSql(alias(users, 'u'))} as name,
      coalesce(p.email_following, true) as wants, u.email_verified_at is not null as verified
    from claimed c
    join follow_digests d on d.id = c.key
    join users u on u.id = d.user_id
    left join notification_preferences p on p.user_id = d.user_id`,
  // Asked again at send time: an unsubscribe since the digest was made stops it.
  compose: async (row) => (row.wants && row.verified ? composeDigest(row) : null),
};

/** Whether any digest is due to be sent now. */
export const hasDueDigest = () => hasDue('follow_digests');

/** Sends the digests that are due (see `deliver`). */
export const deliverFollowDigests = (options: { signal?: AbortSignal } = {}): Promise<DeliveryReport> =>
  deliver(digestOutbox, options);
