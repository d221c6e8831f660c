import 'server-only';
import { index, pgTable, text, unique, uuid } from 'drizzle-orm/pg-core';
import { envolvementRef } from './envolvements';
import { userRef } from './users';
import { SUBMISSION_STATUSES } from '@/lib/domain/submission-status';
import { primaryId, createdAt, updatedAt } from './columns';

// What a joined user sends in for an envolvement: one per user per envolvement. Kept
// when its envolvement is removed (archived), so nothing here cascades.
export const submissions = pgTable(
  'submissions',
  {
    id: primaryId(),
    envolvementId: envolvementRef('restrict'),
    userId: userRef('user_id', 'restrict'),
    description: text('description').notNull().default(''),
    pictureUrl: text('picture_url').notNull().default(''),
    url: text('url').notNull().default(''),
    status: text('status', { enum: SUBMISSION_STATUSES }).notNull().default('inReview'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('submissions_envolvement_user_unique').on(t.envolvementId, t.userId),
    index('submissions_user_idx').on(t.userId),
  ],
);

// Every change of a submission's status: who, when, from and to.
export const submissionStatusChanges = pgTable(
  'submission_status_changes',
  {
    id: primaryId(),
    submissionId: uuid('submission_id')
      .notNull()
      .references(() => submissions.id, { onDelete: 'restrict' }),
    changedBy: text('changed_by').notNull(),
    fromStatus: text('from_status', { enum: SUBMISSION_STATUSES }),
    toStatus: text('to_status', { enum: SUBMISSION_STATUSES }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('submission_status_changes_submission_idx').on(t.submissionId, t.createdAt)],
);

export type SubmissionRow = typeof submissions.$inferSelect;
