import 'server-only';
import { sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Tx } from '@/lib/db/client';
import { rows } from '@/lib/db/rows';
import { kindSql, notificationCtes } from '@/lib/notifications/write';
import { publicNameSql } from '@/lib/users/public-name-sql';
import { users } from '@/models';

// A creator's new envolvement reaches their followers: a notification each, written in the
// transaction that publishes it, in one statement whatever the number of followers. E-mail
// waits for the daily digest (./digest.ts); 'new_envolvement' is never mailed one by one.

const creator = publicNameSql(alias(users, 'c'));

/**
 * Tells the creator's followers that the envolvement is published, the first time it is
 * (follow_announcements keeps the ones told of): publishing it again after a return to draft
 * tells nobody. Does nothing while it is a draft or removed. Gives how many were told.
 */
export async function announceToFollowers(tx: Tx, envolvementId: string): Promise<number> {
  const source = sql`select f.follower_id, e.creator_id, ${kindSql('new_envolvement')}, e.id,
      ${creator} || ' published a new envolvement: ' || e.title, '/envolvement/' || e.id
    from announced a
    join envolvements e on e.id = a.envolvement_id
    join users c on c.id = e.creator_id
    join follows f on f.creator_id = e.creator_id
    join users fu on fu.id = f.follower_id and fu.deleted_at is null`;
  const [result] = await rows<{ n: number }>(
    sql`with announced as (
      insert into follow_announcements (envolvement_id)
      select id from envolvements
      where id = ${envolvementId}::uuid and is_active and archived_at is null
      on conflict do nothing
      returning envolvement_id
    ), ${notificationCtes(source)}
    select (select count(*) from noted_notifications)::int as n`,
    tx,
  );
  return Number(result?.n ?? 0);
}
