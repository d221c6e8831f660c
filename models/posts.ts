import 'server-only';
import { index, pgTable, text } from 'drizzle-orm/pg-core';
import { envolvementRef } from './envolvements';
import { userRef } from './users';
import { primaryId, createdAt } from './columns';

export const POST_KINDS = ['update', 'comment'] as const;
export type PostKind = (typeof POST_KINDS)[number];

// Updates (by the creator) and comments on an envolvement.
export const posts = pgTable(
  'posts',
  {
    id: primaryId(),
    envolvementId: envolvementRef('cascade'),
    authorId: userRef('author_id', 'cascade'),
    kind: text('kind', { enum: POST_KINDS }).notNull(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    imgUrl: text('img_url').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [index('posts_envolvement_idx').on(t.envolvementId, t.createdAt)],
);

export type PostRow = typeof posts.$inferSelect;
