import { eq, sql } from 'drizzle-orm';
import { NextRequest } from 'next/server';
import { describe, expect, it, vi } from 'vitest';
import { getAuthSecret } from '@/lib/auth/secret';
import { db } from '@/lib/db/client';
import { envolvements } from '@/models';
import { proxy } from '@/proxy';
import { sessionCookie } from '../../scripts/bench/sessions';
import { useTestDatabase } from '../helpers/db';
import { call } from '../helpers/http';
import { createEnvolvement, createUser, createWithMembers } from '../factories';

useTestDatabase();

// Which page the proxy has Next answer with: an envolvement's page comes from the cache for
// visitors, while anyone signed in, and anyone shown the removed notice with its 410, gets
// it rendered for their request.

const request = (path: string, cookie?: string) =>
  new NextRequest(new URL(path, 'http://localhost:3000'), { headers: cookie ? { cookie } : {} });
const rewrittenPath = (response: Response) => {
  const target = response.headers.get('x-middleware-rewrite');
  return target ? new URL(target).pathname : null;
};
const hasNonce = (response: Response) => /'nonce-/.test(response.headers.get('content-security-policy') ?? '');

describe('the proxy and an envolvement page', () => {
  it('sends visitors to the cached page, with a policy that has no nonce', async () => {
    const creator = await createUser();
    const row = await createEnvolvement(creator.id);
    const answer = await proxy(request(`/envolvement/${row.id}`));
    expect(rewrittenPath(answer)).toBeNull();
    expect(answer.status).toBe(200);
    expect(hasNonce(answer)).toBe(false);
  });

  it('renders the page for anyone signed in, with a nonce: their membership decides what it shows', async () => {
    const creator = await createUser();
    const stranger = await createUser();
    const row = await createEnvolvement(creator.id);
    for (const user of [creator, stranger]) {
      const cookie = await sessionCookie(getAuthSecret(), { id: user.id, name: user.name, nickname: 'x' });
      const answer = await proxy(request(`/envolvement/${row.id}?tab=activity`, cookie));
      expect(rewrittenPath(answer)).toBe(`/envolvement/${row.id}/rendered`);
      expect(new URL(answer.headers.get('x-middleware-rewrite')!).search).toBe('?tab=activity');
      expect(hasNonce(answer)).toBe(true);
    }
  });

  it('answers a visitor 410 for a removed envolvement, rendered, not from the cache', async () => {
    const creator = await createUser();
    const row = await createEnvolvement(creator.id);
    await db()
      .update(envolvements)
      .set({ archivedAt: sql`now()` })
      .where(eq(envolvements.id, row.id));
    const answer = await proxy(request(`/envolvement/${row.id}`));
    expect(answer.status).toBe(410);
    expect(rewrittenPath(answer)).toBe(`/envolvement/${row.id}/rendered`);
    expect(hasNonce(answer)).toBe(true);
    // Its rendered copy's own path answers the same.
    expect((await proxy(request(`/envolvement/${row.id}/rendered`))).status).toBe(410);
  });

  it('asks the database nothing for a visitor, whether the envolvement is live or removed', async () => {
    const creator = await createUser();
    const [live, removed] = [await createEnvolvement(creator.id), await createEnvolvement(creator.id)];
    await db()
      .update(envolvements)
      .set({ archivedAt: sql`now()` })
      .where(eq(envolvements.id, removed.id));
    // The first request of a process reads the removed ones once.
    await proxy(request(`/envolvement/${live.id}`));
    const queries = [vi.spyOn(db(), 'select'), vi.spyOn(db(), 'execute')];
    expect((await proxy(request(`/envolvement/${live.id}`))).status).toBe(200);
    expect((await proxy(request(`/envolvement/${removed.id}`))).status).toBe(410);
    for (const query of queries) expect(query).not.toHaveBeenCalled();
    for (const query of queries) query.mockRestore();
  });

  it('answers 410 at once for an envolvement its creator removes through the app', async () => {
    // With a member it keeps records, so it is archived rather than deleted.
    const { creator, row } = await createWithMembers(1);
    expect((await proxy(request(`/envolvement/${row.id}`))).status).toBe(200);
    expect((await call('DELETE', `/api/post/${row.id}`, { as: creator })).status).toBe(200);
    expect((await proxy(request(`/envolvement/${row.id}`))).status).toBe(410);
  });

  it('leaves an address that is not an envolvement to the router', async () => {
    for (const path of ['/envolvement/not-a-uuid', '/envolvement']) {
      const answer = await proxy(request(path));
      expect(rewrittenPath(answer)).toBeNull();
      expect(hasNonce(answer)).toBe(true);
    }
  });
});
