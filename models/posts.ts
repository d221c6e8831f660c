import 'server-only';
import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { envolvements } from './envolvements';
import { users } from './users';

export const POST_KINDS = ['update', 'comment'] as const;
export type PostKind = (typeof POST_KINDS)[number];

// Updates (by the creator) and comments on an envolvement.
export const posts = pgTable(
  'posts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    envolvementId: uuid('envolvement_id')
      .notNull()
      .references(() => envolvements.id, { onDelete: 'cascade' }),
    authorId: text('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: POST_KINDS }).notNull(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    imgUrl: text('img_url').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('posts_envolvement_idx').on(t.envolvementId, t.createdAt)],
);

export type PostRow = typeof posts.$inferSelect;
