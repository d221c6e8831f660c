import { expect, it } from 'vitest';
import { GET } from '@/app/api/health/route';
import { useTestDatabase } from '../helpers/db';

useTestDatabase();

it('GET /api/health answers 200 when the database is up', async () => {
  const response = await GET();
  expect(response.status).toBe(200);
  expect(await response.json()).toEqual({ ok: true });
});
