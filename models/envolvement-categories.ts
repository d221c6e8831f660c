import 'server-only';
import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns';
import { envolvementRef } from './envolvements';

// One row per (envolvement, category), kept in step with `envolvements` by a trigger
// (drizzle/0004_explore_indexes.sql): Explore reads the newest of a category from one index
// range instead of ranking every row of every category. `listed` mirrors "published and not
// removed", so the index holds only what public lists show.
export const envolvementCategories = pgTable(
  'envolvement_categories',
  {
    envolvementId: envolvementRef('cascade'),
    category: text('category').notNull(),
    createdAt: timestamptz('created_at').notNull(),
    listed: boolean('listed').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.envolvementId, t.category] }),
    index('envolvement_categories_newest_idx')
      .on(t.category, t.createdAt, t.envolvementId)
      .where(sql`${t.listed}`),
  ],
);
