import 'server-only';
import { count } from 'drizzle-orm';
import { hashPassword } from '@/lib/auth/password';
import { envolvements, posts, purchases, submissions, users } from '@/models';
import type { Category } from '@/lib/domain/categories';
import type { Database } from './client';
import { DEMO_ENVOLVEMENTS, DEMO_PASSWORD, DEMO_USERS, type DemoUserKey } from './demo-data';

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

/** One demo envolvement with its members, a submission and its updates. */
async function seedEnvolvement(tx: Transaction, demo: DemoEnvolvement, now: Date, createdAt: Date): Promise<void> {
  const buyers = demo.buyers ?? [];
  const [row] = await tx
    .insert(envolvements)
    .values(envolvementRow(demo, now, createdAt))
    .returning({ id: envolvements.id });
  const envolvementId = row!.id;
  if (buyers.length) {
    await tx
      .insert(purchases)
      .values(buyers.map((b) => ({ envolvementId, userId: userId(b), amountCents: demo.priceCents ?? 0, createdAt })));
  }
  if (demo.submissions?.text && buyers.length) {
    await tx.insert(submissions).values({
      envolvementId,
      userId: userId(buyers[0]!),
      description: 'Here is my idea: keep it short, fun and a little surprising.',
    });
  }
  for (const [i, update] of (demo.updates ?? []).entries()) {
    await tx.insert(posts).values({
      envolvementId,
      authorId: userId(demo.creator),
      kind: 'update',
      title: update.title,
      description: update.description,
      createdAt: new Date(createdAt.getTime() + (i + 1) * 60 * 60 * 1000),
    });
  }
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
          passwordHash,
        })),
      )
      .onConflictDoNothing()
      .returning({ id: users.id });
    if (inserted.length === 0) return { seeded: false };

    // Oldest first, so the list reads newest first as written above.
    const total = DEMO_ENVOLVEMENTS.length;
    for (const [index, demo] of DEMO_ENVOLVEMENTS.entries()) {
      const createdAt = new Date(now.getTime() - (total - index) * 3 * 60 * 60 * 1000);
      await seedEnvolvement(tx, demo, now, createdAt);
    }
    return { seeded: true };
  });
}
