import { eq, sql } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { db } from '@/lib/db/client';
import { forgetRemoved, isRemoved, noteRemoved, REFRESH_MS } from '@/lib/envolvements/removed';
import { isGoneFor } from '@/lib/envolvements/visibility';
import { envolvements, purchases } from '@/models';
import { useTestDatabase } from '../helpers/db';
import { createEnvolvement, createUser, createWithMembers } from '../factories';

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
    noteRemoved(row.id);
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

describe('the removed envolvements a process knows of', () => {
  const archive = (id: string) =>
    db()
      .update(envolvements)
      .set({ archivedAt: sql`now()` })
      .where(eq(envolvements.id, id));

  afterEach(() => vi.useRealTimers());

  it('reads those removed before it started on first use, and not the live ones', async () => {
    const creator = await createUser();
    const [removed, live] = [await createEnvolvement(creator.id), await createEnvolvement(creator.id)];
    await archive(removed.id);
    expect(await isRemoved(removed.id)).toBe(true);
    expect(await isRemoved(live.id)).toBe(false);
  });

  it('knows at once of a removal made by this process, without a read', async () => {
    const creator = await createUser();
    const row = await createEnvolvement(creator.id);
    expect(await isRemoved(row.id)).toBe(false);
    const select = vi.spyOn(db(), 'select');
    await archive(row.id);
    noteRemoved(row.id);
    expect(await isRemoved(row.id)).toBe(true);
    expect(select).not.toHaveBeenCalled();
    select.mockRestore();
  });

  it('learns of a removal by another instance once the set is due for a refresh, and not before', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const creator = await createUser();
    const row = await createEnvolvement(creator.id);
    expect(await isRemoved(row.id)).toBe(false);
    await archive(row.id);
    // Within REFRESH_MS the set answers from memory, as it was.
    vi.setSystemTime(Date.now() + REFRESH_MS - 1_000);
    expect(await isRemoved(row.id)).toBe(false);
    // Past it, a request starts a read of what was removed since; a later one sees its result.
    vi.setSystemTime(Date.now() + 2_000);
    await isRemoved(row.id);
    await vi.waitFor(async () => expect(await isRemoved(row.id)).toBe(true));
  });

  it('starts from nothing once forgotten', async () => {
    const creator = await createUser();
    const row = await createEnvolvement(creator.id);
    noteRemoved(row.id);
    forgetRemoved();
    expect(await isRemoved(row.id)).toBe(false);
  });
});
