import 'server-only';
import { asc, eq, getTableColumns } from 'drizzle-orm';
import { db } from '@/lib/db/client';
import { getPreferences } from '@/lib/notifications/preferences';
import { comments, envolvements, notifications, payments, posts, purchases, submissions, users } from '@/models';

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

const readEnvolvements = (userId: string) =>
  db()
    .select(envolvementColumns)
    .from(envolvements)
    .where(eq(envolvements.creatorId, userId))
    .orderBy(asc(envolvements.createdAt));

const readUpdates = (userId: string) =>
  db()
    .select({
      id: posts.id,
      envolvementId: posts.envolvementId,
      envolvement: titleOf,
      title: posts.title,
      description: posts.description,
      imgUrl: posts.imgUrl,
      createdAt: posts.createdAt,
    })
    .from(posts)
    .innerJoin(envolvements, eq(envolvements.id, posts.envolvementId))
    .where(eq(posts.authorId, userId))
    .orderBy(asc(posts.createdAt));

const readMemberships = (userId: string) =>
  db()
    .select({
      id: purchases.id,
      envolvementId: purchases.envolvementId,
      envolvement: titleOf,
      amountCents: purchases.amountCents,
      currency: purchases.currency,
      paymentId: purchases.paymentIntentId,
      joinedAt: purchases.createdAt,
      endedAt: purchases.endedAt,
      endReason: purchases.endReason,
    })
    .from(purchases)
    .innerJoin(envolvements, eq(envolvements.id, purchases.envolvementId))
    .where(eq(purchases.userId, userId))
    .orderBy(asc(purchases.createdAt));

// Not where the money went (the creator's Stripe account) nor the platform's fee: those are theirs.
const readPayments = (userId: string) =>
  db()
    .select({
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
    })
    .from(payments)
    .innerJoin(envolvements, eq(envolvements.id, payments.envolvementId))
    .where(eq(payments.buyerId, userId))
    .orderBy(asc(payments.createdAt));

const readSubmissions = (userId: string) =>
  db()
    .select({
      id: submissions.id,
      envolvementId: submissions.envolvementId,
      envolvement: titleOf,
      description: submissions.description,
      pictureUrl: submissions.pictureUrl,
      url: submissions.url,
      status: submissions.status,
      createdAt: submissions.createdAt,
      updatedAt: submissions.updatedAt,
    })
    .from(submissions)
    .innerJoin(envolvements, eq(envolvements.id, submissions.envolvementId))
    .where(eq(submissions.userId, userId))
    .orderBy(asc(submissions.createdAt));

const readComments = (userId: string) =>
  db()
    .select({
      id: comments.id,
      envolvementId: comments.envolvementId,
      updateId: comments.postId,
      replyTo: comments.parentId,
      body: comments.body,
      createdAt: comments.createdAt,
      editedAt: comments.editedAt,
      deletedAt: comments.deletedAt,
    })
    .from(comments)
    .where(eq(comments.authorId, userId))
    .orderBy(asc(comments.createdAt));

const readNotifications = (userId: string) =>
  db()
    .select({
      id: notifications.id,
      kind: notifications.kind,
      text: notifications.text,
      link: notifications.link,
      createdAt: notifications.createdAt,
      readAt: notifications.readAt,
    })
    .from(notifications)
    .where(eq(notifications.recipientId, userId))
    .orderBy(asc(notifications.createdAt));

async function readAccountData(userId: string) {
  const [[profile], ...parts] = await Promise.all([
    readProfile(userId),
    readEnvolvements(userId),
    readUpdates(userId),
    readMemberships(userId),
    readPayments(userId),
    readSubmissions(userId),
    readComments(userId),
    readNotifications(userId),
    getPreferences(userId),
  ]);
  if (!profile) return null;
  const [own, updates, memberships, paid, sent, written, told, emailSettings] = parts;
  return {
    profile,
    envolvements: own,
    updates,
    memberships,
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
