import 'server-only';
import { eq, sql, type SQL } from 'drizzle-orm';
import { db } from '@/lib/db/client';
import { rows } from '@/lib/db/rows';
import { EMAIL_TOPICS, type EmailTopic } from '@/lib/domain/notifications';
import type { EmailPreferences, EmailPreferencesInput } from '@/lib/validation/notifications';
import { notificationPreferences, users } from '@/models';

// Which e-mails a user wants, by topic, and when each topic was last switched back on:
// unsubscribe links sent before that moment no longer turn it off (./unsubscribe.ts).

type Columns = keyof typeof notificationPreferences.$inferInsert;

/** Each topic's switch, and when it was last switched back on. */
const COLUMNS_OF = {
  members: { on: 'emailMembers', onAt: 'emailMembersOnAt' },
  updates: { on: 'emailUpdates', onAt: 'emailUpdatesOnAt' },
  submissions: { on: 'emailSubmissions', onAt: 'emailSubmissionsOnAt' },
  comments: { on: 'emailComments', onAt: 'emailCommentsOnAt' },
  following: { on: 'emailFollowing', onAt: 'emailFollowingOnAt' },
} as const satisfies Record<EmailTopic, { on: Columns; onAt: Columns }>;

type Switch = (typeof COLUMNS_OF)[EmailTopic];
type PreferenceColumns = Partial<Record<Switch['on'], boolean>>;

function toPreferences(row: PreferenceColumns | undefined): EmailPreferences {
  // No row means every kind of e-mail.
  return Object.fromEntries(
    EMAIL_TOPICS.map((topic) => [topic, row?.[COLUMNS_OF[topic].on] ?? true]),
  ) as EmailPreferences;
}

/** Which e-mails the user wants, by topic. */
export async function getPreferences(userId: string): Promise<EmailPreferences> {
  const [row] = await db().select().from(notificationPreferences).where(eq(notificationPreferences.userId, userId));
  return toPreferences(row);
}

/**
 * Sets the topics given and keeps the others; gives the preferences as they now are. A topic
 * that goes from off to on records the time of it.
 */
export async function setPreferences(userId: string, changes: EmailPreferencesInput): Promise<EmailPreferences> {
  // The app's clock, as links are stamped with it: the two are compared, never the database's.
  const now = new Date();
  const columns: PreferenceColumns = {};
  const switchedOn: Partial<Record<Switch['onAt'], SQL>> = {};
  for (const topic of EMAIL_TOPICS) {
    const value = changes[topic];
    if (value === undefined) continue;
    const { on, onAt } = COLUMNS_OF[topic];
    columns[on] = value;
    if (!value) continue;
    // Only a real switch from off: the settings form sends every topic on each save, and
    // saving it unchanged must not void the links of e-mails already sent. The old value
    // is read by the upsert itself, under the row's lock, so two saves record it once.
    const wasOn = notificationPreferences[on];
    const lastOnAt = notificationPreferences[onAt];
    switchedOn[onAt] = sql`case when ${wasOn} then ${lastOnAt} else ${now.toISOString()}::timestamptz end`;
  }
  const [row] = await db()
    .insert(notificationPreferences)
    .values({ userId, ...columns })
    .onConflictDoUpdate({
      target: notificationPreferences.userId,
      set: { ...columns, ...switchedOn, updatedAt: sql`now()` },
    })
    .returning();
  return toPreferences(row);
}

/**
 * When the user last switched `topic` back on (null: never, as far as is recorded); null
 * when there is no such user.
 */
export async function getTopicOnAt(userId: string, topic: EmailTopic): Promise<{ onAt: Date | null } | null> {
  const [row] = await db()
    .select({ onAt: notificationPreferences[COLUMNS_OF[topic].onAt] })
    .from(users)
    .leftJoin(notificationPreferences, eq(notificationPreferences.userId, users.id))
    .where(eq(users.id, userId));
  return row ?? null;
}

/**
 * Turns `topic` off for an unsubscribe link, only while its switch-on time is still `onAt`
 * as the link was checked against (to the millisecond, as a Date holds it): false when it
 * moved since, or the account is gone (no row is written for a user who does not exist).
 */
export async function turnOffIfOnAtIs(userId: string, topic: EmailTopic, onAt: Date | null): Promise<boolean> {
  const columns = COLUMNS_OF[topic];
  const off = sql.identifier(notificationPreferences[columns.on].name);
  const onAtColumn = sql.identifier(notificationPreferences[columns.onAt].name);
  const turnedOff = await rows<{ user_id: string }>(sql`
    insert into notification_preferences (user_id, ${off})
    select id, false from users where id = ${userId}
    on conflict (user_id) do update set ${off} = false, updated_at = now()
    where date_trunc('milliseconds', notification_preferences.${onAtColumn})
      is not distinct from ${onAt?.toISOString() ?? null}::timestamptz
    returning user_id`);
  return turnedOff.length > 0;
}
