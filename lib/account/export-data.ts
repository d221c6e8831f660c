import 'server-only';
import { asc, eq, getTableColumns } from 'drizzle-orm';
import type { PgColumn, PgTable, SelectedFields } from 'drizzle-orm/pg-core';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';
import { db } from '@/lib/db/client';
import { getPreferences } from '@/lib/notifications/preferences';
import { NOTIFICATION_COLUMNS } from '@/lib/notifications/service';
import {
  comments,
  envolvements,
  follows,
  notifications,
  payments,
  posts,
  purchases,
  spotWaits,
  submissions,
  users,
} from '@/models';

// What "Download my data" puts in its file: everything the account wrote or holds, each
// part read by the account's own id. Other people appear only as ids and as the public
// handles their notifications were written with; no one else's e-mail or payment is read.

const { creatorId: _creator, ...envolvementColumns } = getTableColumns(envolvements);
const titleOf = envolvements.title;

/** The export's file, as JSON.stringify writes it (dates become ISO strings). */
export type DataExportFile = NonNullable<Awaited<ReturnType<typeof readAccountData>>> & {
  exportedAt: string;
  about: string;
};

const ABOUT = 'A copy of the data your Envolve account holds. Amounts are in cents of their currency; times are UTC.';

const readProfile = (userId: string) =>
  db()
    .select({
      id: users.id,
      name: users.name,
      handle: users.nickname,
      email: users.email,
      emailVerifiedAt: users.emailVerifiedAt,
      picture: users.picture,
      banner: users.bannerUrl,
      bio: users.bio,
      links: users.links,
      createdAt: users.createdAt,
      updatedAt: users.updatedAt,
    })
    .from(users)
    .where(eq(users.id, userId));

type Part =
  | typeof envolvements
  | typeof posts
  | typeof purchases
  | typeof spotWaits
  | typeof payments
  | typeof submissions
  | typeof comments
  | typeof notifications;

/**
 * The account's rows of `table` (those whose `owner` column is the account), oldest first.
 * A part that belongs to an envolvement names the column that holds it (`envolvementId`)
 * and carries the envolvement's title (`titleOf`) beside it, so that the file reads on its own.
 */
function readPart<Columns extends SelectedFields>(
  table: Part,
  owner: PgColumn,
  envolvementId: PgColumn | null,
  columns: Columns,
): (userId: string) => Promise<Array<SelectResultFields<Columns>>>;
// drizzle cannot follow a join on a table chosen at run time, so the reader is typed by
// the signature above: the rows are the columns asked for, as with any select.
function readPart(table: Part, owner: PgColumn, envolvementId: PgColumn | null, columns: SelectedFields) {
  const from: PgTable = table;
  return (userId: string) => {
    const query = db().select(columns).from(from).$dynamic();
    const titled = envolvementId ? query.innerJoin(envolvements, eq(envolvements.id, envolvementId)) : query;
    return titled.where(eq(owner, userId)).orderBy(asc(table.createdAt));
  };
}

const readEnvolvements = readPart(envolvements, envolvements.creatorId, null, envolvementColumns);

const readUpdates = readPart(posts, posts.authorId, posts.envolvementId, {
  id: posts.id,
  envolvementId: posts.envolvementId,
  envolvement: titleOf,
  title: posts.title,
  description: posts.description,
  imgUrl: posts.imgUrl,
  createdAt: posts.createdAt,
});

const readMemberships = readPart(purchases, purchases.userId, purchases.envolvementId, {
  id: purchases.id,
  envolvementId: purchases.envolvementId,
  envolvement: titleOf,
  amountCents: purchases.amountCents,
  currency: purchases.currency,
  paymentId: purchases.paymentIntentId,
  joinedAt: purchases.createdAt,
  endedAt: purchases.endedAt,
  endReason: purchases.endReason,
});

// The sold-out envolvements the account waits for a spot on, in the order it asked.
const readSpotWaits = readPart(spotWaits, spotWaits.userId, spotWaits.envolvementId, {
  envolvementId: spotWaits.envolvementId,
  envolvement: titleOf,
  askedAt: spotWaits.createdAt,
});

// Not where the money went (the creator's Stripe account) nor the platform's fee: those are theirs.
// The creators the account follows, by id and handle, in the order it followed them (who
// follows the account is theirs to tell, not its).
const readFollows = (userId: string) =>
  db()
    .select({ creatorId: follows.creatorId, handle: users.nickname, followedAt: follows.createdAt })
    .from(follows)
    .innerJoin(users, eq(users.id, follows.creatorId))
    .where(eq(follows.followerId, userId))
    .orderBy(asc(follows.createdAt), asc(follows.creatorId));

const readPayments = readPart(payments, payments.buyerId, payments.envolvementId, {
  id: payments.id,
  envolvementId: payments.envolvementId,
  envolvement: titleOf,
  amountCents: payments.amountCents,
  currency: payments.currency,
  status: payments.status,
  amountRefundedCents: payments.amountRefundedCents,
  refundReason: payments.refundReason,
  paidAt: payments.paidAt,
  createdAt: payments.createdAt,
  updatedAt: payments.updatedAt,
});

const readSubmissions = readPart(submissions, submissions.userId, submissions.envolvementId, {
  id: submissions.id,
  envolvementId: submissions.envolvementId,
  envolvement: titleOf,
  description: submissions.description,
  pictureUrl: submissions.pictureUrl,
  url: submissions.url,
  status: submissions.status,
  createdAt: submissions.createdAt,
  updatedAt: submissions.updatedAt,
});

const readComments = readPart(comments, comments.authorId, null, {
  id: comments.id,
  envolvementId: comments.envolvementId,
  updateId: comments.postId,
  replyTo: comments.parentId,
  body: comments.body,
  createdAt: comments.createdAt,
  editedAt: comments.editedAt,
  deletedAt: comments.deletedAt,
});

const readNotifications = readPart(notifications, notifications.recipientId, null, NOTIFICATION_COLUMNS);

async function readAccountData(userId: string) {
  const [[profile], ...parts] = await Promise.all([
    readProfile(userId),
    readEnvolvements(userId),
    readUpdates(userId),
    readMemberships(userId),
    readSpotWaits(userId),
    readPayments(userId),
    readSubmissions(userId),
    readComments(userId),
    readNotifications(userId),
    getPreferences(userId),
    readFollows(userId),
  ]);
  if (!profile) return null;
  const [own, updates, memberships, waiting, paid, sent, written, told, emailSettings, following] = parts;
  return {
    profile,
    envolvements: own,
    updates,
    memberships,
    spotWaits: waiting,
    following,
    payments: paid,
    submissions: sent,
    comments: written,
    notifications: told,
    emailSettings,
  };
}

/** The account's data as one JSON document, or null when the account is gone. */
export async function buildDataExport(userId: string, now = new Date()): Promise<string | null> {
  const data = await readAccountData(userId);
  if (!data) return null;
  const file: DataExportFile = { about: ABOUT, exportedAt: now.toISOString(), ...data };
  return JSON.stringify(file, null, 2);
}
