import 'server-only';
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { CATEGORIES } from '@/lib/domain/categories';
import { userRef } from './users';
import { primaryId, createdAt, timestamptz, updatedAt } from './columns';
import { searchVector } from './search';

const categoryList = sql.raw(`ARRAY[${CATEGORIES.map((c) => `'${c.replace(/'/g, "''")}'`).join(', ')}]::text[]`);

export const envolvements = pgTable(
  'envolvements',
  {
    id: primaryId(),
    creatorId: userRef('creator_id', 'cascade'),
    title: text('title').notNull(),
    previewText: text('preview_text').notNull(),
    description: text('description').notNull().default(''),
    imgUrl: text('img_url').notNull().default(''),
    categories: text('categories').array().notNull(),
    // Money is integer cents; 0 means free.
    priceCents: integer('price_cents').notNull().default(0),
    currency: text('currency').notNull().default('usd'),
    // quantity is the number of spots; ignored when unlimited.
    quantity: integer('quantity').notNull().default(0),
    unlimited: boolean('unlimited').notNull().default(true),
    currentCount: integer('current_count').notNull().default(0),
    endDate: timestamptz('end_date'),
    targetDate: timestamptz('target_date'),
    isActive: boolean('is_active').notNull().default(false),
    commentsAllowed: boolean('comments_allowed').notNull().default(false),
    submissionsAllowed: boolean('submissions_allowed').notNull().default(false),
    submissionsActive: boolean('submissions_active').notNull().default(false),
    submissionDescription: text('submission_description').notNull().default(''),
    submissionDeadline: timestamptz('submission_deadline'),
    submissionPicture: boolean('submission_picture').notNull().default(false),
    submissionText: boolean('submission_text').notNull().default(false),
    submissionUrl: boolean('submission_url').notNull().default(false),
    // The creator's word to each new member, shown once they join and in their welcome e-mail.
    welcomeMessage: text('welcome_message').notNull().default(''),
    published: boolean('published').notNull().default(false),
    publishedReleaseDate: timestamptz('published_release_date'),
    // Set when the creator deletes an envolvement that people joined: it leaves every
    // public list but stays for its members, with their payments and submissions.
    archivedAt: timestamptz('archived_at'),
    // Explore's search reads this: the title (weight A), the teaser and the creator's name
    // and handle (B), the categories (C) and the description (D), accents and case removed,
    // as English stems and as written. A trigger writes it on every insert and edit, and
    // again when the creator's name or handle changes.
    searchVector: searchVector(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // Newest first for a creator's profile and for public lists, with the id as the
    // keyset cursor's tie-break; the partial index holds only what public lists show.
    // A creator's index also carries what decides which section a row is in (published,
    // removed, ended), so their sections, counts and members are read from the index alone,
    // however many envolvements they have.
    index('envolvements_creator_newest_idx').on(t.creatorId, t.createdAt, t.id, t.archivedAt, t.isActive, t.endDate),
    index('envolvements_listed_newest_idx')
      .on(t.createdAt, t.id)
      .where(sql`${t.archivedAt} is null and ${t.isActive}`),
    // The removed ones, newest last: each process reads those removed since it last looked
    // (lib/envolvements/removed.ts).
    index('envolvements_removed_idx')
      .on(t.archivedAt)
      .where(sql`${t.archivedAt} is not null`),
    index('envolvements_categories_idx').using('gin', t.categories),
    // Published envolvements only, like every public list. Every search reads it, so a new
    // row goes straight into it: a pending list would be read whole by each search until merged.
    index('envolvements_search_idx')
      .using('gin', t.searchVector)
      .with({ fastupdate: false })
      .where(sql`${t.archivedAt} is null and ${t.isActive}`),
    check('envolvements_title_length', sql`char_length(${t.title}) between 1 and 200`),
    check('envolvements_preview_length', sql`char_length(${t.previewText}) between 1 and 1000`),
    check('envolvements_description_length', sql`char_length(${t.description}) <= 4000`),
    check('envolvements_welcome_message_length', sql`char_length(${t.welcomeMessage}) <= 1000`),
    check(
      'envolvements_categories_valid',
      sql`cardinality(${t.categories}) between 1 and 3 and ${t.categories} <@ ${categoryList}`,
    ),
    check('envolvements_price_nonnegative', sql`${t.priceCents} >= 0`),
    check('envolvements_quantity_range', sql`${t.quantity} between 0 and 10000`),
    // The guarantee against overselling: a limited envolvement never counts more
    // buyers than it has spots, whatever the application does.
    check(
      'envolvements_count_within_quantity',
      sql`${t.currentCount} >= 0 and (${t.unlimited} or ${t.currentCount} <= ${t.quantity})`,
    ),
  ],
);

export type EnvolvementRow = typeof envolvements.$inferSelect;
export type NewEnvolvementRow = typeof envolvements.$inferInsert;

/** A required reference to an envolvement, `envolvement_id`; deleting the envolvement does `onDelete`. */
export const envolvementRef = (onDelete: 'cascade' | 'restrict') =>
  uuid('envolvement_id')
    .notNull()
    .references(() => envolvements.id, { onDelete });
