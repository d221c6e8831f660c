import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { db } from '@/lib/db/client';
import { hashPassword } from '@/lib/users/password';
import { envolvements, purchases, users, type NewEnvolvementRow } from '@/models';
import { connectCreator } from '../helpers/payout-accounts';

export type TestUser = {
  id: string;
  name: string;
  nickname: string;
  email: string;
  picture: string | null;
  /** Confirmed unless a test says otherwise: most tests are about what a confirmed account does. */
  emailVerifiedAt?: Date | null;
};

let counter = 0;

export async function createUser(overrides: Partial<TestUser> = {}): Promise<TestUser> {
  counter += 1;
  const suffix = `${counter}${randomUUID().slice(0, 6)}`;
  const user: TestUser = {
    id: `local|${randomUUID()}`,
    name: `User ${suffix}`,
    nickname: `user${suffix}`,
    email: `user${suffix}@example.com`,
    picture: null,
    emailVerifiedAt: new Date(),
    ...overrides,
  };
  await db().insert(users).values(user);
  return user;
}

/**
 * An e-mail and password account as a sign-up leaves it once its link is followed, or, with
 * `confirmed: false`, as one made before sign-ups waited for the link.
 */
export async function createLocalUser(
  input: { name: string; handle: string; email: string; password: string },
  { confirmed = true }: { confirmed?: boolean } = {},
) {
  const email = input.email.toLowerCase();
  const user = await createUser({
    name: input.name,
    nickname: input.handle,
    email,
    emailVerifiedAt: confirmed ? new Date() : null,
  });
  await db()
    .update(users)
    .set({ passwordHash: await hashPassword(input.password) })
    .where(eq(users.id, user.id));
  return user;
}

/** A user whose Stripe account can take charges, as a creator must be to set a price. */
export async function createSeller(overrides: Partial<TestUser> = {}): Promise<TestUser> {
  const user = await createUser(overrides);
  await connectCreator(user.id);
  return user;
}

export function buildEnvolvement(creatorId: string, overrides: Partial<NewEnvolvementRow> = {}): NewEnvolvementRow {
  counter += 1;
  return {
    creatorId,
    title: `Envolvement ${counter}`,
    previewText: `Preview ${counter}`,
    description: `Description ${counter}`,
    categories: ['Gaming'],
    priceCents: 0,
    unlimited: true,
    quantity: 0,
    isActive: true,
    ...overrides,
  };
}

/** An envolvement of `creatorId`; a paid one's creator gets a connected account that can take charges. */
export async function createEnvolvement(creatorId: string, overrides: Partial<NewEnvolvementRow> = {}) {
  if ((overrides.priceCents ?? 0) > 0) await connectCreator(creatorId);
  const [row] = await db().insert(envolvements).values(buildEnvolvement(creatorId, overrides)).returning();
  return row!;
}

/** Records a purchase directly, as if the user had joined (also takes the spot). */
export async function createPurchase(envolvementId: string, userId: string, amountCents = 0) {
  const [row] = await db().insert(purchases).values({ envolvementId, userId, amountCents }).returning();
  const { sql, eq } = await import('drizzle-orm');
  await db()
    .update(envolvements)
    .set({ currentCount: sql`${envolvements.currentCount} + 1` })
    .where(eq(envolvements.id, envolvementId));
  return row!;
}

/** A creator's envolvement (with overrides) and `count` new users who joined it for free. */
export async function createWithMembers(count: number, overrides: Partial<NewEnvolvementRow> = {}) {
  const creator = await createUser();
  const row = await createEnvolvement(creator.id, overrides);
  const members: TestUser[] = [];
  for (let n = 0; n < count; n += 1) {
    const member = await createUser();
    await createPurchase(row.id, member.id);
    members.push(member);
  }
  return { creator, row, members };
}
