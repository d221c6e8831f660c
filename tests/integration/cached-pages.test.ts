import { eq, sql } from 'drizzle-orm';
import { NextRequest } from 'next/server';
import { describe, expect, it, vi } from 'vitest';
import { getAuthSecret } from '@/lib/auth/secret';
import { db } from '@/lib/db/client';
import { envolvements } from '@/models';
import { proxy } from '@/proxy';
import { sessionCookie } from '../../scripts/bench/sessions';
import { useTestDatabase } from '../helpers/db';
import { createEnvolvement, createUser, createWithMembers } from '../factories';

useTestDatabase();

// Which page the proxy has Next answer with: an envolvement's page is one page for everyone,
// served from the cache whoever asks, and the proxy decides it without the session or the
// database. What depends on the viewer comes from `GET /api/me?page=` (me-api.test.ts); a
// page that is not public is a 404 of its own (e2e/payments.spec.ts).

const request = (path: string, cookie?: string) =>
  new NextRequest(new URL(path, 'http://localhost:3000'), { headers: cookie ? { cookie } : {} });
const rewrittenPath = (response: Response) => {
  const target = response.headers.get('x-middleware-rewrite');
  return target ? new URL(target).pathname : null;
};
const hasNonce = (response: Response) => /'nonce-/.test(response.headers.get('content-security-policy') ?? '');

describe('the proxy and an envolvement page', () => {
  it('sends everyone, signed in or not, creator or member, to the one cached page, with a policy that has no nonce', async () => {
    const { creator, row, members } = await createWithMembers(1);
    const stranger = await createUser();
    const cookies: Array<string | undefined> = [undefined];
    for (const user of [creator, members[0]!, stranger])
      cookies.push(await sessionCookie(getAuthSecret(), { id: user.id, name: user.name, nickname: 'x' }));
    for (const cookie of cookies) {
      const answer = await proxy(request(`/envolvement/${row.id}?tab=activity`, cookie));
      expect(rewrittenPath(answer)).toBeNull();
      expect(answer.status).toBe(200);
      expect(hasNonce(answer)).toBe(false);
    }
  });

  it('asks the database nothing, whether the envolvement is live, a draft or removed', async () => {
    const creator = await createUser();
    const [live, draft, removed] = [
      await createEnvolvement(creator.id),
      await createEnvolvement(creator.id, { isActive: false }),
      await createEnvolvement(creator.id),
    ];
    await db()
      .update(envolvements)
      .set({ archivedAt: sql`now()` })
      .where(eq(envolvements.id, removed.id));
    const cookie = await sessionCookie(getAuthSecret(), { id: creator.id, name: creator.name, nickname: 'x' });
    const queries = [vi.spyOn(db(), 'select'), vi.spyOn(db(), 'execute')];
    for (const row of [live, draft, removed])
      for (const who of [undefined, cookie]) {
        const answer = await proxy(request(`/envolvement/${row.id}`, who));
        expect(answer.status).toBe(200);
        expect(rewrittenPath(answer)).toBeNull();
      }
    for (const query of queries) expect(query).not.toHaveBeenCalled();
    for (const query of queries) query.mockRestore();
  });

  it('renders the private page of one that is not public for its request, with a nonce', async () => {
    const creator = await createUser();
    const row = await createEnvolvement(creator.id, { isActive: false });
    const answer = await proxy(request(`/envolvement/${row.id}/private`));
    expect(rewrittenPath(answer)).toBeNull();
    expect(hasNonce(answer)).toBe(true);
  });

  it('leaves an address that is not an envolvement to the router', async () => {
    for (const path of ['/envolvement/not-a-uuid', '/envolvement']) {
      const answer = await proxy(request(path));
      expect(rewrittenPath(answer)).toBeNull();
      expect(hasNonce(answer)).toBe(true);
    }
  });
});
