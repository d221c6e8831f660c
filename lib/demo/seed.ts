import 'server-only';
import { randomUUID } from 'node:crypto';
import { count } from 'drizzle-orm';
import { hashPassword } from '@/lib/users/password';
import { envolvements, payoutAccounts, posts, purchases, submissions, users } from '@/models';
import type { Category } from '@/lib/domain/categories';
import { usesLocalStripe } from '@/lib/stripe/test-mode';
import type { Database } from '@/lib/db/client';
import { DEMO_ENVOLVEMENTS, DEMO_PASSWORD, DEMO_USERS, demoPayoutAccountId, type DemoUserKey } from './data';

const DAY_MS = 24 * 60 * 60 * 1000;

const userId = (key: DemoUserKey) => `local|demo-${key}`;

function coverFor(category: Category): string {
  return `/demo/${category === 'Q&A' ? 'qa' : category.toLowerCase()}.svg`;
}

export async function isDatabaseEmpty(database: Database): Promise<boolean> {
  const [row] = await database.select({ n: count() }).from(users);
  return Number(row?.n ?? 0) === 0;
}

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
type DemoEnvolvement = (typeof DEMO_ENVOLVEMENTS)[number];

function envolvementRow(demo: DemoEnvolvement, now: Date, createdAt: Date) {
  const inDays = (days: number | undefined) => (days === undefined ? null : new Date(now.getTime() + days * DAY_MS));
  return {
    creatorId: userId(demo.creator),
    title: demo.title,
    previewText: demo.preview,
    description: demo.description,
    imgUrl: coverFor(demo.categories[0]!),
    categories: demo.categories,
    priceCents: demo.priceCents ?? 0,
    unlimited: demo.spots === undefined,
    quantity: demo.spots ?? 0,
    currentCount: (demo.buyers ?? []).length,
    endDate: inDays(demo.endInDays),
    targetDate: inDays(demo.targetInDays),
    isActive: !demo.inactive,
    commentsAllowed: true,
    submissionsAllowed: Boolean(demo.submissions),
    submissionsActive: Boolean(demo.submissions),
    submissionDescription: demo.submissions?.description ?? '',
    submissionPicture: Boolean(demo.submissions?.picture),
    submissionText: Boolean(demo.submissions?.text),
    submissionUrl: Boolean(demo.submissions?.url),
    createdAt,
    updatedAt: createdAt,
  };
}

/**
 * Every demo envolvement with its members, a submission and its updates, as the rows of each
 * table: the seed writes a table in one statement (a statement per row cost a newcomer's first
 * start a second on a busy machine).
 */
function demoRows(now: Date) {
  const rows = {
    envolvements: [] as (typeof envolvements.$inferInsert)[],
    purchases: [] as (typeof purchases.$inferInsert)[],
    submissions: [] as (typeof submissions.$inferInsert)[],
    posts: [] as (typeof posts.$inferInsert)[],
  };
  // Oldest first, so the list reads newest first as written above.
  const total = DEMO_ENVOLVEMENTS.length;
  for (const [index, demo] of DEMO_ENVOLVEMENTS.entries()) {
    const createdAt = new Date(now.getTime() - (total - index) * 3 * 60 * 60 * 1000);
    const envolvementId = randomUUID();
    const buyers = demo.buyers ?? [];
    rows.envolvements.push({ id: envolvementId, ...envolvementRow(demo, now, createdAt) });
    for (const buyer of buyers) {
      rows.purchases.push({ envolvementId, userId: userId(buyer), amountCents: demo.priceCents ?? 0, createdAt });
    }
    if (demo.submissions?.text && buyers.length) {
      rows.submissions.push({
        envolvementId,
        userId: userId(buyers[0]!),
        description: 'Here is my idea: keep it short, fun and a little surprising.',
      });
    }
    for (const [i, update] of (demo.updates ?? []).entries()) {
      rows.posts.push({
        envolvementId,
        authorId: userId(demo.creator),
        kind: 'update',
        title: update.title,
        description: update.description,
        createdAt: new Date(createdAt.getTime() + (i + 1) * 60 * 60 * 1000),
      });
    }
  }
  return rows;
}

/**
 * With `npm run dev`'s stand-in for Stripe, every demo user sells through a connected account
 * the stand-in holds onboarded, so the demo paid offers can be paid, refunded and counted
 * in Earnings. With real keys they have none, as Stripe knows none of them.
 */
async function seedPayoutAccounts(tx: Transaction): Promise<void> {
  if (!usesLocalStripe()) return;
  await tx.insert(payoutAccounts).values(
    DEMO_USERS.map(({ key }) => ({
      userId: userId(key),
      stripeAccountId: demoPayoutAccountId(key),
      chargesEnabled: true,
      payoutsEnabled: true,
      detailsSubmitted: true,
    })),
  );
}

/** Inserts the demo users and envolvements. Does nothing when the demo users exist. */
export async function seedDemoData(database: Database, now: Date = new Date()): Promise<{ seeded: boolean }> {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  return database.transaction(async (tx) => {
    const inserted = await tx
      .insert(users)
      .values(
        DEMO_USERS.map((u) => ({
          id: userId(u.key),
          name: u.name,
          nickname: u.nickname,
          email: u.email,
          emailVerifiedAt: new Date(),
          passwordHash,
        })),
      )
      .onConflictDoNothing()
      .returning({ id: users.id });
    if (inserted.length === 0) return { seeded: false };
    await seedPayoutAccounts(tx);

    const rows = demoRows(now);
    await tx.insert(envolvements).values(rows.envolvements);
    await tx.insert(purchases).values(rows.purchases);
    await tx.insert(submissions).values(rows.submissions);
    await tx.insert(posts).values(rows.posts);
    return { seeded: true };
  });
}
