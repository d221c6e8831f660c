import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { db } from '@/lib/db/client';
import { RATE_LIMITS } from '@/lib/rate-limit';
import { SEARCH_TEXT_MAX } from '@/lib/validation/search-limits';
import { envolvements, users, type NewEnvolvementRow } from '@/models';
import { useTestDatabase } from '../helpers/db';
import { call } from '../helpers/http';
import { createEnvolvement, createUser, type TestUser } from '../factories';

useTestDatabase();

const suggest = (q: string | null, as: TestUser | null = null) =>
  call('GET', `/api/search/suggest${q === null ? '' : `?q=${encodeURIComponent(q)}`}`, { as });

const NONE = { envolvements: [], creators: [] };

async function offer(creator: TestUser, overrides: Partial<NewEnvolvementRow> = {}) {
  return createEnvolvement(creator.id, { previewText: 'Come along', description: '', ...overrides });
}

describe('GET /api/search/suggest', () => {
  it('suggests envolvements with their creator, and creators, published only, to anyone', async () => {
    const ines = await createUser({ name: 'Inès Duarte', nickname: 'inesdraws', picture: 'https://img.example/i.png' });
    const zine = await offer(ines, { title: 'Zine collaboration' });
    const res = await suggest('ines');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      envolvements: [
        { id: zine.id, title: 'Zine collaboration', creator: { handle: 'inesdraws', name: 'Inès Duarte' } },
      ],
      creators: [{ id: ines.id, handle: 'inesdraws', name: 'Inès Duarte', picture: 'https://img.example/i.png' }],
    });
    expect(res.response.headers.get('cache-control')).toMatch(/^public, max-age=\d+/);
    // Signed in, the answer is the same: nothing in it is the viewer's.
    expect((await suggest('ines', await createUser())).body).toEqual(res.body);
  });

  it('finds creators by name or handle: accents and case ignored, the last word as its start', async () => {
    const ines = await createUser({ name: 'Inès Duarte', nickname: 'inesdraws' });
    await offer(ines, { title: 'Zine collaboration' });
    for (const q of ['INES', 'inès du', 'duarte', 'inesdr', 'duarte inès']) {
      const res = await suggest(q);
      expect([q, res.body.creators.map((c: { id: string }) => c.id)]).toEqual([q, [ines.id]]);
    }
    expect((await suggest('ines zebra')).body).toEqual(NONE);
    // Only the last word is a start: before another word, "dua" must be a whole word.
    expect((await suggest('ines dua')).body.creators.map((c: { id: string }) => c.id)).toEqual([ines.id]);
    expect((await suggest('dua ines')).body.creators).toEqual([]);
  });

  it('answers at most five of each, by rank for envolvements and by handle for creators', async () => {
    const start = Date.now();
    const makers: TestUser[] = [];
    for (let i = 0; i < 6; i++) {
      const maker = await createUser({ name: `Kite Maker ${i}`, nickname: `kite${i}` });
      makers.push(maker);
      await offer(maker, { title: `Flight ${i}`, createdAt: new Date(start - i * 1000) });
    }
    await offer(makers[5]!, { title: 'Kite workshop', createdAt: new Date(start - 60_000) });
    const res = await suggest('kite');
    expect(res.body.envolvements.map((e: { title: string }) => e.title)).toEqual([
      'Kite workshop',
      'Flight 0',
      'Flight 1',
      'Flight 2',
      'Flight 3',
    ]);
    expect(res.body.creators.map((c: { handle: string }) => c.handle)).toEqual([
      'kite0',
      'kite1',
      'kite2',
      'kite3',
      'kite4',
    ]);
  });

  it('leaves out drafts, removed envolvements, and creators with nothing published', async () => {
    const drafter = await createUser({ name: 'Quill Drafter', nickname: 'quilldrafts' });
    await offer(drafter, { title: 'Quill draft', isActive: false });
    const remover = await createUser({ name: 'Quill Remover', nickname: 'quillremoves' });
    const removed = await offer(remover, { title: 'Quill removed' });
    await db().update(envolvements).set({ archivedAt: new Date() }).where(eq(envolvements.id, removed.id));
    expect((await suggest('quill')).body).toEqual(NONE);
    // Not even to the draft's own creator.
    expect((await suggest('quill', drafter)).body).toEqual(NONE);
  });

  it('leaves out deleted accounts, and the e-mail address some names hold', async () => {
    const hidden = await createUser({ name: 'robin.secret@example.org', nickname: 'robinr' });
    await offer(hidden, { title: 'Birdhouse' });
    expect((await suggest('secret')).body).toEqual(NONE);
    const res = await suggest('robinr');
    // The name shown is the handle, as on every public page.
    expect(res.body.creators).toEqual([{ id: hidden.id, handle: 'robinr', name: 'robinr', picture: null }]);
    await db().update(users).set({ deletedAt: new Date() }).where(eq(users.id, hidden.id));
    expect((await suggest('robinr')).body.creators).toEqual([]);
  });

  it('suggests nothing under two characters after trimming, and from two on', async () => {
    const creator = await createUser({ name: 'Io Moon', nickname: 'iomoon' });
    await offer(creator, { title: 'Io watch party' });
    for (const q of [null, '', '   ', ' i ', 'I']) expect([q, (await suggest(q)).body]).toEqual([q, NONE]);
    const two = await suggest(' io ');
    expect(two.status).toBe(200);
    expect(two.body.envolvements.map((e: { title: string }) => e.title)).toEqual(['Io watch party']);
    expect(two.body.creators.map((c: { handle: string }) => c.handle)).toEqual(['iomoon']);
  });

  it('takes text up to the search limit, and refuses longer text as /api/post/pull does', async () => {
    const atLimit = await suggest('a'.repeat(SEARCH_TEXT_MAX));
    expect(atLimit.status).toBe(200);
    expect(atLimit.body).toEqual(NONE);
    const past = 'a'.repeat(SEARCH_TEXT_MAX + 1);
    const res = await suggest(past);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      error: `Search text must be ${SEARCH_TEXT_MAX} characters or fewer`,
      code: 'bad_request',
      fields: { q: `Search text must be ${SEARCH_TEXT_MAX} characters or fewer` },
    });
    expect(res.body).toEqual((await call('GET', `/api/post/pull?q=${past}`)).body);
  });

  it('refuses text with characters no text may hold, as /api/post/pull does', async () => {
    const res = await suggest('ab\u0000cd');
    expect(res.status).toBe(400);
    expect(res.body).toEqual((await call('GET', `/api/post/pull?q=${encodeURIComponent('ab\u0000cd')}`)).body);
  });
});

describe('GET /api/search/suggest: the limit per address', () => {
  it(`answers ${RATE_LIMITS.searchSuggestIp.points} a minute to one address, then 429 with the wait, others still`, async () => {
    const from = (ip: string) => ({ headers: { 'x-forwarded-for': ip } });
    const ask = (q: string, ip: string) => call('GET', `/api/search/suggest?q=${encodeURIComponent(q)}`, from(ip));
    for (let i = 0; i < RATE_LIMITS.searchSuggestIp.points; i += 1)
      expect((await ask(`word${i}`, '198.51.100.9')).status).toBe(200);
    const past = await ask('one more', '198.51.100.9');
    expect({ status: past.status, body: past.body }).toEqual({
      status: 429,
      body: {
        error: expect.stringMatching(/^Too many searches\. Please wait (1 minute|\d+ seconds?) and try again\.$/),
        code: 'rate_limited',
      },
    });
    expect(Number(past.response.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(Number(past.response.headers.get('retry-after'))).toBeLessThanOrEqual(60);
    expect((await ask('one more', '198.51.100.10')).status).toBe(200);
  });
});
