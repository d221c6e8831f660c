import 'server-only';
import { sql } from 'drizzle-orm';
import { check, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { MEMBER_MAIL_KINDS } from '@/lib/domain/member-mail';
import { userRef } from './users';
import { outboxColumns, outboxDueIndex, primaryId, sqlList } from './columns';

// The outbox of a member's own e-mails (lib/notifications/member-mail.ts): the welcome when
// they join, the receipt of a card payment and of each refund. A row is written in the
// transaction that makes the membership or moves the money, with what the message says read
// from the database there; a job sends it afterwards. `key` names what it is about (the
// membership, the payment, the refunded total), so the same event never queues it twice.
export const memberMail = pgTable(
  'member_mail',
  {
    id: primaryId(),
    userId: userRef('user_id', 'cascade'),
    kind: text('kind', { enum: MEMBER_MAIL_KINDS }).notNull(),
    key: text('key').notNull(),
    payload: jsonb('payload').$type<Record<string, string | number | boolean | null>>(),
    ...outboxColumns(),
  },
  (t) => [
    uniqueIndex('member_mail_key_unique').on(t.key),
    outboxDueIndex('member_mail_due_idx', t),
    check('member_mail_kind_known', sql`${t.kind} in (${sqlList(MEMBER_MAIL_KINDS)})`),
  ],
);

export type MemberMailRow = typeof memberMail.$inferSelect;
