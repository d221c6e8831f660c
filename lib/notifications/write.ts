import 'server-only';
import { sql, type SQL } from 'drizzle-orm';
import { DIGEST_KINDS, TOPIC_OF, type NotificationKind } from '@/lib/domain/notifications';
import type { Tx } from '@/lib/db/client';
import { rows } from '@/lib/db/rows';
import { mailEnabled } from './mail-config';

// Notifications are written by the statement or transaction of the action that causes
// them, so none is lost and none is told of an action that did not happen. Each comes from
// a SELECT of rows (recipient_id, actor_id, kind, envolvement_id, text, link); the actor is
// never told of their own action. A recipient who wants e-mail of that kind, and has an
// address, gets a row in the e-mail outbox in the same statement.

/**
 * A kind for a `source` SELECT, as a parameter: TypeScript holds it to NOTIFICATION_KINDS,
 * and so does the table's CHECK, which is built from the same list.
 */
export function kindSql(kind: NotificationKind): SQL {
  return sql`${kind}::text`;
}

/**
 * Whether the recipient of notification `n` wants it e-mailed on its own, read from their
 * preferences `p` (notification_preferences, left-joined: no row means every topic). The
 * kinds of the daily digest are never mailed one by one.
 */
export const wantsEmail = sql.raw(
  `case n.kind ${Object.entries(TOPIC_OF)
    .filter(([kind]) => !DIGEST_KINDS.includes(kind as NotificationKind))
    .map(([kind, topic]) => `when '${kind}' then coalesce(p.email_${topic}, true)`)
    .join(' ')} else false end`,
);

/**
 * The common table expressions that write the notifications `source` selects, and their
 * e-mail outbox rows: `noted_notifications` and `mailed_notifications`, to join to a WITH.
 */
export function notificationCtes(source: SQL): SQL {
  const mail = mailEnabled()
    ? sql`
    insert into email_outbox (notification_id)
    select n.id from noted_notifications n
    join users u on u.id = n.recipient_id and u.email is not null
    left join notification_preferences p on p.user_id = n.recipient_id
    where ${wantsEmail}
    returning notification_id`
    : sql`select null::uuid as notification_id where false`;
  return sql`noted_notifications as (
    insert into notifications (recipient_id, actor_id, kind, envolvement_id, text, link)
    select s.recipient_id, s.actor_id, s.kind, s.envolvement_id, left(s.text, 500), s.link
    from (${source}) as s (recipient_id, actor_id, kind, envolvement_id, text, link)
    where s.recipient_id is distinct from s.actor_id
    returning id, recipient_id, kind
  ), mailed_notifications as (${mail})`;
}

/** Writes the notifications `source` selects, inside the caller's transaction; gives how many. */
export async function notify(tx: Tx, source: SQL): Promise<number> {
  const [result] = await rows<{ n: number }>(
    sql`with ${notificationCtes(source)} select (select count(*) from noted_notifications)::int as n, (select count(*) from mailed_notifications)::int as m`,
    tx,
  );
  return Number(result?.n ?? 0);
}
