import 'server-only';
import { sql } from 'drizzle-orm';
import { check, index, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { ACCOUNT_MAIL_KINDS, ACCOUNT_TOKEN_PURPOSES, DATA_EXPORT_STATUSES } from '@/lib/domain/accounts';
import { userRef, users } from './users';
import { createdAt, outboxColumns, outboxDueIndex, primaryId, sqlList, timestamptz } from './columns';

// The single-use links of account e-mails: a password reset, an address to confirm, a new
// address to move to. Only a hash of each token is kept, so a copy of the database opens
// nothing. `email` is the address the link was sent to: confirming it confirms that one.
export const accountTokens = pgTable(
  'account_tokens',
  {
    id: primaryId(),
    userId: userRef('user_id', 'cascade'),
    purpose: text('purpose', { enum: ACCOUNT_TOKEN_PURPOSES }).notNull(),
    tokenHash: text('token_hash').notNull(),
    email: text('email').notNull(),
    expiresAt: timestamptz('expires_at').notNull(),
    usedAt: timestamptz('used_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('account_tokens_hash_unique').on(t.tokenHash),
    index('account_tokens_user_purpose_idx').on(t.userId, t.purpose),
    check('account_tokens_purpose_known', sql`${t.purpose} in (${sqlList(ACCOUNT_TOKEN_PURPOSES)})`),
  ],
);

// E-mails about the account itself (a link to confirm an address, to reset a password, an
// export ready), sent by the mail job like notifications: written by the request, so its
// answer takes as long whether or not a message goes out, and retried when the server is
// away. The payload holds the link until the message is sent, then is erased.
export const accountMail = pgTable(
  'account_mail',
  {
    id: primaryId(),
    // The account it concerns; none for a message about an address no account holds.
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    toAddress: text('to_address').notNull(),
    kind: text('kind', { enum: ACCOUNT_MAIL_KINDS }).notNull(),
    payload: jsonb('payload').$type<Record<string, string>>(),
    ...outboxColumns(),
  },
  (t) => [
    outboxDueIndex('account_mail_due_idx', t),
    check('account_mail_kind_known', sql`${t.kind} in (${sqlList(ACCOUNT_MAIL_KINDS)})`),
  ],
);

// A copy of everything an account holds, made by a background job and offered for
// download until it expires.
export const dataExports = pgTable(
  'data_exports',
  {
    id: primaryId(),
    userId: userRef('user_id', 'cascade'),
    status: text('status', { enum: DATA_EXPORT_STATUSES }).notNull().default('pending'),
    content: text('content'),
    createdAt: createdAt(),
    readyAt: timestamptz('ready_at'),
    expiresAt: timestamptz('expires_at'),
  },
  (t) => [
    index('data_exports_user_idx').on(t.userId, t.createdAt),
    check('data_exports_status_known', sql`${t.status} in (${sqlList(DATA_EXPORT_STATUSES)})`),
  ],
);
