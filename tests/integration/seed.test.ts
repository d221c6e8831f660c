import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { verifyLocalCredentials } from '@/lib/users/service';
import { isDatabaseEmpty, seedDemoData } from '@/lib/demo/seed';
import { DEMO_PASSWORD, DEMO_USERS } from '@/lib/demo/data';
import { isSoldOut } from '@/lib/envolvements/rules';
import { envolvements, posts, purchases, users } from '@/models';
import { CATEGORIES } from '@/lib/domain/categories';
import { useTestDatabase } from '../helpers/db';

const database = useTestDatabase();

describe('demo seed', () => {
  it('fills an empty database with the variety the screens need, once', async () => {
    const { db } = database.handle();
    expect(await isDatabaseEmpty(db)).toBe(true);
    const now = new Date();
    expect(await seedDemoData(db, now)).toEqual({ seeded: true });
    expect(await isDatabaseEmpty(db)).toBe(false);

    const rows = await db.select().from(envolvements);
    expect(rows.length).toBeGreaterThanOrEqual(28);
    expect(new Set(rows.flatMap((r) => r.categories))).toEqual(new Set(CATEGORIES));
    expect(rows.some((r) => r.priceCents === 0)).toBe(true);
    expect(rows.some((r) => r.priceCents > 0)).toBe(true);
    expect(rows.some((r) => r.unlimited)).toBe(true);
    expect(
      rows.some(
        (r) => !r.unlimited && !isSoldOut({ quantity: r.quantity, unlimited: false, currentEnvolves: r.currentCount }),
      ),
    ).toBe(true);
    expect(
      rows.filter((r) => isSoldOut({ quantity: r.quantity, unlimited: r.unlimited, currentEnvolves: r.currentCount })),
    ).toHaveLength(1);
    expect(rows.filter((r) => !r.isActive)).toHaveLength(1);
    expect(rows.filter((r) => r.endDate && r.endDate < now)).toHaveLength(1);
    expect(rows.some((r) => r.submissionsActive)).toBe(true);

    // The counts agree with the purchase rows.
    for (const row of rows) {
      const [bought] = await db.select({ n: count() }).from(purchases).where(eq(purchases.envolvementId, row.id));
      expect(Number(bought!.n)).toBe(row.currentCount);
    }
    const [updates] = await db.select({ n: count() }).from(posts);
    expect(Number(updates!.n)).toBeGreaterThan(0);

    expect(await seedDemoData(db, now)).toEqual({ seeded: false });
    expect(await db.select({ id: users.id }).from(users)).toHaveLength(DEMO_USERS.length);
  });

  it('creates demo accounts that sign in with the documented password', async () => {
    await seedDemoData(database.handle().db);
    for (const user of DEMO_USERS) {
      expect(await verifyLocalCredentials(user.email, DEMO_PASSWORD)).toMatchObject({
        email: user.email,
        name: user.name,
      });
    }
  });
});
