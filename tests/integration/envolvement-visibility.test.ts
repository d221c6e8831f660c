import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { db } from '@/lib/db/client';
import { isGoneFor } from '@/lib/envolvements/visibility';
import { envolvements, purchases } from '@/models';
import { useTestDatabase } from '../helpers/db';
import { createUser, createWithMembers } from '../factories';

useTestDatabase();

describe('isGoneFor: the status of a removed envolvement page', () => {
  it('is gone for strangers and visitors, and there for its creator and anyone who joined, refunded or not', async () => {
    const { creator, row, members } = await createWithMembers(2);
    const [member, refunded] = members;
    const stranger = await createUser();
    await db()
      .update(purchases)
      .set({ endedAt: sql`now()`, endReason: 'refunded' })
      .where(eq(purchases.userId, refunded.id));

    for (const viewer of [creator.id, member.id, refunded.id, stranger.id, null])
      expect(await isGoneFor(row.id, viewer)).toBe(false);

    await db()
      .update(envolvements)
      .set({ archivedAt: sql`now()` })
      .where(eq(envolvements.id, row.id));
    expect(await isGoneFor(row.id, creator.id)).toBe(false);
    expect(await isGoneFor(row.id, member.id)).toBe(false);
    expect(await isGoneFor(row.id, refunded.id)).toBe(false);
    expect(await isGoneFor(row.id, stranger.id)).toBe(true);
    expect(await isGoneFor(row.id, null)).toBe(true);
  });

  it('is not gone for an unknown id: that is a 404, which the page answers itself', async () => {
    expect(await isGoneFor('00000000-0000-4000-8000-000000000000', null)).toBe(false);
  });
});
