import 'server-only';
import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import {
  ACCOUNT_MAIL_KINDS,
  ACCOUNT_REQUEST_KINDS,
  ACCOUNT_TOKEN_PURPOSES,
  DATA_EXPORT_STATUSES,
  SIGN_UP_STATUSES,
} from '@/lib/domain/accounts';
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
    // Where the person was when the link was asked for (a checkout): following it returns there.
    returnPath: text('return_path'),
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

// Sign-ups waiting for their address to be confirmed (lib/users/sign-up.ts). The request
// only writes this row, whoever holds the address, so its answer tells nothing; the mail job
// looks the address up and mails a link to confirm it, or tells an existing account's owner.
// No account exists until the link is followed by whoever signed up (this browser's proof,
// or the password chosen), so a sign-up reserves no handle and cannot be signed in to.
// A row is kept until it expires, without its password hash once it is done with.
export const signUps = pgTable(
  'sign_ups',
  {
    id: primaryId(),
    email: text('email').notNull(),
    name: text('name').notNull(),
    handle: text('handle').notNull(),
    passwordHash: text('password_hash'),
    // SHA-256 of the random value the sign-up's answer left in the browser as a cookie.
    proofHash: text('proof_hash').notNull(),
    returnPath: text('return_path'),
    status: text('status', { enum: SIGN_UP_STATUSES }).notNull().default('queued'),
    tokenHash: text('token_hash'),
    failedProofs: integer('failed_proofs').notNull().default(0),
    expiresAt: timestamptz('expires_at').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('sign_ups_token_unique').on(t.tokenHash),
    index('sign_ups_queued_idx')
      .on(t.createdAt)
      .where(sql`${t.status} = 'queued'`),
    index('sign_ups_email_idx').on(sql`lower(${t.email})`),
    index('sign_ups_expires_idx').on(t.expiresAt),
    check('sign_ups_status_known', sql`${t.status} in (${sqlList(SIGN_UP_STATUSES)})`),
  ],
);

// "Forgot password" and "change my address" name an address that may or may not have an
// account: the request writes this row and answers, the mail job looks the address up
// (lib/users/account-requests.ts), so both ways cost the request the same work.
export const accountRequests = pgTable(
  'account_requests',
  {
    id: primaryId(),
    kind: text('kind', { enum: ACCOUNT_REQUEST_KINDS }).notNull(),
    email: text('email').notNull(),
    // The account that asks to move (a reset names an address only).
    userId: text('user_id').references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('account_requests_created_idx').on(t.createdAt),
    index('account_requests_user_idx').on(t.userId),
    check('account_requests_kind_known', sql`${t.kind} in (${sqlList(ACCOUNT_REQUEST_KINDS)})`),
  ],
);

// How many account e-mails each address was sent in its current window: every message of
// the account_mail outbox is counted here in the statement that queues it, so parallel
// requests cannot all pass a count that is still low (lib/users/account-mail.ts).
export const addressMailCounts = pgTable('address_mail_counts', {
  address: text('address').primaryKey(),
  sent: integer('sent').notNull(),
  windowStartedAt: timestamptz('window_started_at').notNull(),
});

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
