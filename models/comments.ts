import 'server-only';
import { sql } from 'drizzle-orm';
import { type AnyPgColumn, check, index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { envolvementRef } from './envolvements';
import { posts } from './posts';
import { userRef } from './users';
import { primaryId, createdAt, timestamptz } from './columns';

// Members' and the creator's comments on an update, one level of replies deep. A comment
// removed while it has replies keeps its place (and loses its text), so the replies still
// answer something.
export const comments = pgTable(
  'comments',
  {
    id: primaryId(),
    envolvementId: envolvementRef('cascade'),
    postId: uuid('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    // The comment this one answers; null for a comment on the update itself.
    parentId: uuid('parent_id').references((): AnyPgColumn => comments.id, { onDelete: 'cascade' }),
    authorId: userRef('author_id', 'cascade'),
    body: text('body').notNull(),
    createdAt: createdAt(),
    editedAt: timestamptz('edited_at'),
    deletedAt: timestamptz('deleted_at'),
  },
  (t) => [
    // An update's comments oldest first, with the id as the keyset cursor's tie-break.
    index('comments_post_idx').on(t.postId, t.parentId, t.createdAt, t.id),
    index('comments_parent_idx').on(t.parentId, t.createdAt),
    check('comments_body_length', sql`char_length(${t.body}) <= 2000`),
  ],
);

export type CommentRow = typeof comments.$inferSelect;
