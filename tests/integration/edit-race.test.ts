import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { db } from '@/lib/db/client';
import { envolvements, purchases } from '@/models';
import { useTestDatabase } from '../helpers/db';
import { call } from '../helpers/http';
import { createEnvolvement, createUser } from '../factories';

// Meaningful on the PostgreSQL server (TEST_DATABASE_URL), where the joins and the edit
// run in parallel transactions; PGlite runs one statement at a time.
useTestDatabase();

const JOINERS = 12;

describe('a creator lowering the spots while people join', () => {
  it('never answers 500 and never leaves more members than spots', async () => {
    const creator = await createUser();
    const row = await createEnvolvement(creator.id, { unlimited: false, quantity: 20 });
    const joiners = await Promise.all(Array.from({ length: JOINERS }, () => createUser()));
    const join = (user: (typeof joiners)[number]) =>
      call('POST', '/api/payment/grant-access', { as: user, json: { submissionId: row.id } });
    const lower = (quantity: number) =>
      call('PUT', `/api/post/${row.id}`, {
        as: creator,
        json: {
          title: row.title,
          previewText: row.previewText,
          categories: row.categories,
          quantity: { quantity, unlimited: false },
        },
      });

    const answers = await Promise.all([...joiners.map(join), lower(6), lower(4)]);
    const statuses = answers.map((a) => a.status);
    expect(statuses.every((status) => [200, 400, 409].includes(status))).toBe(true);
    for (const refused of answers.filter((a) => a.status === 400 && a.body.fields)) {
      expect(refused.body.fields['quantity.quantity']).toMatch(/^Quantity cannot be less than the \d+ people/);
    }

    const [stored] = await db().select().from(envolvements).where(eq(envolvements.id, row.id));
    const members = await db().select().from(purchases).where(eq(purchases.envolvementId, row.id));
    expect(stored!.currentCount).toBe(members.length);
    expect(members.length).toBeLessThanOrEqual(stored!.quantity);
  });
});
