import 'server-only';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Viewer } from '@/lib/auth/types';
import { db, type Tx } from '@/lib/db/client';
import { userCardColumns } from '@/lib/users/columns';
import { getEnvolvementForViewer } from '@/lib/envolvements/queries';
import {
  assertNotRemoved,
  getEnvolvementOrThrow,
  getOwnEnvolvementOrThrow,
  NOT_FOUND_MESSAGE,
} from '@/lib/envolvements/service';
import { hasAccess } from '@/lib/envolvements/access';
import { isPastDeadline } from '@/lib/envolvements/rules';
import { AppError } from '@/lib/http/errors';
import { notifySubmission, notifySubmissionStatuses, notifySubmissionsOpened } from '@/lib/notifications/events';
import {
  submissionProblems,
  type OpenSubmissionsInput,
  type StatusUpdateInput,
  type UserSubmissionInput,
} from '@/lib/validation/submissions';
import { envolvements, submissions, submissionStatusChanges, users } from '@/models';
import { NOT_ENABLED, SUBMISSION_STATUSES, type SubmissionStatus } from '@/lib/domain/submission-status';
import { publicName } from '@/lib/domain/public-name';

type Progress = Record<SubmissionStatus, boolean>;

export function toProgress(status: SubmissionStatus): Progress {
  return {
    inReview: status === 'inReview',
    approved: status === 'approved',
    denied: status === 'denied',
    completed: status === 'completed',
  };
}

export const NO_SUBMISSION_TYPE = 'Choose at least one submission type before opening submissions.';

/**
 * Opens the submissions of `creatorId`'s envolvement inside `tx`, with the types they accept;
 * whether they were closed before. Refuses (and so rolls `tx` back) when no type is chosen:
 * creation opens them in its own transaction, so a refusal leaves nothing half made.
 */
export async function openSubmissionsIn(
  tx: Tx,
  creatorId: string,
  envolvementId: string,
  types: OpenSubmissionsInput,
): Promise<{ wasActive: boolean }> {
  if (!types.picture && !types.description && !types.url) throw new AppError('bad_request', NO_SUBMISSION_TYPE);
  const own = and(eq(envolvements.id, envolvementId), eq(envolvements.creatorId, creatorId));
  const [before] = await tx
    .select({ active: envolvements.submissionsActive })
    .from(envolvements)
    .where(own)
    .for('update');
  if (!before) throw new AppError('not_found', NOT_FOUND_MESSAGE);
  await tx
    .update(envolvements)
    .set({
      submissionsAllowed: true,
      submissionsActive: true,
      submissionPicture: types.picture,
      submissionText: types.description,
      submissionUrl: types.url,
      updatedAt: new Date(),
    })
    .where(own);
  return { wasActive: before.active };
}

/** The creator opens submissions with the types they accept. */
export async function openSubmissions(viewer: Viewer, envolvementId: string, types: OpenSubmissionsInput) {
  assertNotRemoved(await getOwnEnvolvementOrThrow(viewer, envolvementId, 'open submissions on'));
  await db().transaction(async (tx) => {
    const { wasActive } = await openSubmissionsIn(tx, viewer.id, envolvementId, types);
    // Members hear once, when submissions open, not each time the types change.
    if (!wasActive) await notifySubmissionsOpened(tx, envolvementId);
  });
  return getEnvolvementForViewer(envolvementId, viewer.id);
}

/** Every submitter's entry, for the creator's review board (one query with a join). */
export async function pullSubmissions(viewer: Viewer, envolvementId: string) {
  await getOwnEnvolvementOrThrow(viewer, envolvementId, 'review submissions of');
  const rows = await db()
    .select({
      submission: submissions,
      user: userCardColumns,
    })
    .from(submissions)
    .innerJoin(users, eq(users.id, submissions.userId))
    .where(eq(submissions.envolvementId, envolvementId))
    .orderBy(asc(submissions.createdAt));
  return [
    {
      submissionsIDPair: envolvementId,
      userSubmissions: rows.map(({ submission, user }) => ({
        userID: user.id,
        username: publicName(user),
        pfp: user.picture,
        picture: submission.pictureUrl,
        description: submission.description,
        url: submission.url,
        progress: toProgress(submission.status),
        updatedAt: submission.updatedAt.toISOString(),
      })),
    },
  ];
}

async function ownSubmission(envolvementId: string, userId: string) {
  const [row] = await db()
    .select()
    .from(submissions)
    .where(and(eq(submissions.envolvementId, envolvementId), eq(submissions.userId, userId)))
    .limit(1);
  return row ?? null;
}

/** Whether the caller has joined, and their own submission only. */
export async function userAccessToSubmission(viewer: Viewer, envolvementId: string) {
  const row = await getEnvolvementOrThrow(envolvementId);
  const [paidFor, mine] = await Promise.all([hasAccess(row, viewer.id), ownSubmission(envolvementId, viewer.id)]);
  return {
    paidFor,
    UserSubmission: mine ? { description: mine.description, picture: mine.pictureUrl, url: mine.url } : null,
    status: mine?.status ?? null,
  };
}

/** A joined user sends (or replaces) their submission; it goes back to In-Review. */
export async function postUserSubmission(viewer: Viewer, envolvementId: string, input: UserSubmissionInput) {
  const row = await getEnvolvementOrThrow(envolvementId);
  if (row.creatorId === viewer.id)
    throw new AppError('forbidden', 'Creators review submissions; they do not send them.');
  assertNotRemoved(row);
  if (!(await hasAccess(row, viewer.id))) throw new AppError('forbidden', "Looks like you haven't paid for this yet.");
  if (!row.submissionsActive) throw new AppError('conflict', NOT_ENABLED);
  if (isPastDeadline(row.submissionDeadline)) throw new AppError('conflict', 'The submission deadline has passed.');
  const fields = submissionProblems(input, {
    picture: row.submissionPicture,
    description: row.submissionText,
    url: row.submissionUrl,
  });
  if (Object.keys(fields).length) throw new AppError('bad_request', Object.values(fields)[0]!, fields);

  const values = { description: input.description ?? '', pictureUrl: input.picture ?? '', url: input.url ?? '' };
  await db().transaction(async (tx) => {
    const [previous] = await tx
      .select({ id: submissions.id, status: submissions.status })
      .from(submissions)
      .where(and(eq(submissions.envolvementId, envolvementId), eq(submissions.userId, viewer.id)))
      .for('update');
    const [saved] = await tx
      .insert(submissions)
      .values({ envolvementId, userId: viewer.id, ...values, status: 'inReview' })
      .onConflictDoUpdate({
        target: [submissions.envolvementId, submissions.userId],
        set: { ...values, status: 'inReview', updatedAt: new Date() },
      })
      .returning({ id: submissions.id });
    if (!previous || previous.status !== 'inReview') {
      await tx.insert(submissionStatusChanges).values({
        submissionId: saved!.id,
        changedBy: viewer.id,
        fromStatus: previous?.status ?? null,
        toStatus: 'inReview',
      });
    }
    await notifySubmission(tx, { envolvementId, userId: viewer.id, changed: Boolean(previous) });
  });
  return userAccessToSubmission(viewer, envolvementId);
}

/** The one status set in a progress object, or null when none or several are. */
export function statusOfProgress(progress: Progress): SubmissionStatus | null {
  const set = SUBMISSION_STATUSES.filter((s) => progress[s]);
  return set.length === 1 ? set[0]! : null;
}

/** The creator sets exactly one status per submitter; every change is recorded. */
export async function updateSubmissionStatuses(viewer: Viewer, envolvementId: string, input: StatusUpdateInput) {
  assertNotRemoved(await getOwnEnvolvementOrThrow(viewer, envolvementId, 'review submissions of'));
  const entries = input.SubmissionProgressArray;
  const wanted = new Map<string, SubmissionStatus>();
  for (const entry of entries) {
    const status = statusOfProgress(entry.progress);
    if (!status) throw new AppError('bad_request', `Choose exactly one status for ${entry.userID}.`);
    wanted.set(entry.userID, status);
  }
  await db().transaction(async (tx) => {
    const current = await tx
      .select({ id: submissions.id, userId: submissions.userId, status: submissions.status })
      .from(submissions)
      .where(and(eq(submissions.envolvementId, envolvementId), inArray(submissions.userId, [...wanted.keys()])))
      .for('update');
    const unknown = [...wanted.keys()].filter((id) => !current.some((c) => c.userId === id));
    if (unknown.length) throw new AppError('bad_request', `No submission from: ${unknown.join(', ')}`);
    const changes = current
      .map((row) => ({ submissionId: row.id, fromStatus: row.status, toStatus: wanted.get(row.userId)! }))
      .filter((change) => change.toStatus !== change.fromStatus);
    if (changes.length === 0) return;
    // One statement per status reached (at most four), and one for the whole history.
    for (const status of new Set(changes.map((change) => change.toStatus))) {
      const ids = changes.filter((change) => change.toStatus === status).map((change) => change.submissionId);
      await tx.update(submissions).set({ status, updatedAt: new Date() }).where(inArray(submissions.id, ids));
    }
    await tx.insert(submissionStatusChanges).values(changes.map((change) => ({ ...change, changedBy: viewer.id })));
    const submitterOf = new Map(current.map((row) => [row.id, row.userId]));
    await notifySubmissionStatuses(tx, {
      envolvementId,
      creatorId: viewer.id,
      statuses: changes.map((change) => ({ userId: submitterOf.get(change.submissionId)!, status: change.toStatus })),
    });
  });
  return pullSubmissions(viewer, envolvementId);
}
