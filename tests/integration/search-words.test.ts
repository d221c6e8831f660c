import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { db } from '@/lib/db/client';
import { listEnvolvements } from '@/lib/envolvements/list';
import { envolvements, users, type NewEnvolvementRow } from '@/models';
import { useTestDatabase } from '../helpers/db';
import { call } from '../helpers/http';
import { createEnvolvement, createUser } from '../factories';

// Search by words, the same on Explore's page, /api/post/pull and the top bar's suggestions:
// every word matches somewhere (title, teaser, description, categories, the creator's name or
// handle) in any order; stems, accents, case, hyphens, one typo and the word being typed.
useTestDatabase();

type Card = { _id: string; title: string };

/** The titles /api/post/pull finds for `q` (and categories), in its order. */
async function found(q: string, extra = ''): Promise<string[]> {
  const res = await call('GET', `/api/post/pull?q=${encodeURIComponent(q)}${extra}`);
  expect(res.status).toBe(200);
  return res.body.items.map((item: Card) => item.title);
}

/** One envolvement of a creator of its own, with fields that say nothing searched below. */
async function offer(overrides: Partial<NewEnvolvementRow>, creator?: { id: string }) {
  const owner = creator ?? (await createUser());
  return createEnvolvement(owner.id, {
    title: 'Untitled',
    previewText: 'Nothing to see',
    description: '',
    categories: ['Gaming'],
    ...overrides,
  });
}

describe('which words find an envolvement', () => {
  it('finds a word of the teaser, the description or the categories, not only the title', async () => {
    await offer({ title: 'Pet commissions', previewText: 'A portrait of your dog' });
    await offer({ title: 'Lessons', description: 'We practise portrait lighting' });
    await offer({ title: 'Postcards', categories: ['Travel'] });
    expect(await found('portrait')).toEqual(['Pet commissions', 'Lessons']);
    expect(await found('travel')).toEqual(['Postcards']);
  });

  it('takes a hyphen for a space, both ways', async () => {
    await offer({ title: 'Speed-paint challenge' });
    await offer({ title: 'Speed paint live' });
    expect((await found('speed paint')).sort()).toEqual(['Speed paint live', 'Speed-paint challenge']);
    expect((await found('speed-paint')).sort()).toEqual(['Speed paint live', 'Speed-paint challenge']);
    expect(await found('challenge speed')).toEqual(['Speed-paint challenge']);
  });

  it("finds the creator's name and handle, accents and case ignored", async () => {
    const ines = await createUser({ name: 'Inès Duarte', nickname: 'inesdraws' });
    await offer({ title: 'Zine collaboration' }, ines);
    for (const q of ['ines', 'INÈS', 'duarte', 'Inès Duarte', 'duarte ines', 'inesdraws', 'zine ines']) {
      expect([q, await found(q)]).toEqual([q, ['Zine collaboration']]);
    }
  });

  it('never finds a piece of an e-mail address given as a name', async () => {
    const user = await createUser({ name: 'sam.hidden@example.org', nickname: 'samh' });
    await offer({ title: 'Mystery box' }, user);
    expect(await found('hidden')).toEqual([]);
    expect(await found('example')).toEqual([]);
    expect(await found('samh')).toEqual(['Mystery box']);
  });

  it('needs every word, in any order', async () => {
    await offer({ title: 'Watercolour portrait commission' });
    expect(await found('commission watercolour')).toEqual(['Watercolour portrait commission']);
    expect(await found('portrait commission watercolour')).toEqual(['Watercolour portrait commission']);
    expect(await found('watercolour zebra')).toEqual([]);
  });

  it('matches plurals and singulars', async () => {
    await offer({ title: 'Quick sketch' });
    await offer({ title: 'Portraits for everyone' });
    expect(await found('sketches')).toEqual(['Quick sketch']);
    expect(await found('portrait')).toEqual(['Portraits for everyone']);
    expect(await found('portraits')).toEqual(['Portraits for everyone']);
  });

  it('ignores accents and case, in the text and in the search', async () => {
    await offer({ title: 'Café crème sketches' });
    await offer({ title: 'Resume review' });
    expect(await found('cafe creme')).toEqual(['Café crème sketches']);
    expect(await found('CAFÉ')).toEqual(['Café crème sketches']);
    expect(await found('résumé')).toEqual(['Resume review']);
  });

  it('takes the last word as the start of a word, and only the last', async () => {
    await offer({ title: 'Watercolour painting class' });
    expect(await found('watercol')).toEqual(['Watercolour painting class']);
    expect(await found('class paintin')).toEqual(['Watercolour painting class']);
    expect(await found('watercol class')).toEqual([]);
  });

  it('forgives one typo in a word of five letters or more, not in a shorter one, nor two', async () => {
    await offer({ title: 'Portrait sessions' });
    await offer({ title: 'Paint along' });
    await offer({ title: 'Song cover' });
    // A letter left out, one swapped with its neighbour, one changed, one added.
    for (const q of ['potrait', 'portriat sessions', 'sessions portrayt', 'portraait']) {
      expect([q, await found(q)]).toEqual([q, ['Portrait sessions']]);
    }
    expect(await found('pajnt along')).toEqual(['Paint along']);
    expect(await found('sonh cover')).toEqual([]);
    expect(await found('song cover')).toEqual(['Song cover']);
    expect(await found('potriat')).toEqual([]);
  });

  it('finds no draft and no removed envolvement', async () => {
    const creator = await createUser({ name: 'Dana Quill', nickname: 'danaquill' });
    await offer({ title: 'Origami draft', isActive: false }, creator);
    const removed = await offer({ title: 'Origami removed' }, creator);
    await db().update(envolvements).set({ archivedAt: new Date() }).where(eq(envolvements.id, removed.id));
    await offer({ title: 'Origami live' }, creator);
    expect(await found('origami')).toEqual(['Origami live']);
    // Its creator searching does not find their own draft either: search lists what is public.
    const mine = await listEnvolvements({ q: 'origami', viewerId: creator.id });
    expect(mine.items.map((item) => item.title)).toEqual(['Origami live']);
  });

  it('combines words with the categories filter', async () => {
    await offer({ title: 'Ocean sketches', categories: ['Art'] });
    await offer({ title: 'Ocean sounds', categories: ['Music'] });
    await offer({ title: 'Ocean vlog', categories: ['Video', 'Travel'] });
    expect(await found('ocean', '&category=Music&category=Travel')).toEqual(['Ocean vlog', 'Ocean sounds']);
    expect(await found('ocean sketches', '&category=Music')).toEqual([]);
  });

  it('finds nothing for text without a word', async () => {
    await offer({ title: 'Anything' });
    expect(await found('— !?')).toEqual([]);
  });
});

describe('the order of what a search finds', () => {
  it('ranks the title first, then the teaser and the creator, then the description, then the newest', async () => {
    const otter = await createUser({ name: 'Otter Fan', nickname: 'riverfan' });
    const start = Date.now();
    const at = (minutesAgo: number) => new Date(start - minutesAgo * 60_000);
    await offer({ title: 'Otter plush', createdAt: at(50) });
    await offer({ title: 'Old otter prints', createdAt: at(60) });
    await offer({ title: 'Sea creatures', previewText: 'An otter in every frame', createdAt: at(40) });
    await offer({ title: 'River walk', createdAt: at(30) }, otter);
    await offer({ title: 'Wildlife diary', description: 'mostly otters', createdAt: at(1) });
    expect(await found('otter')).toEqual([
      'Otter plush',
      'Old otter prints',
      'River walk',
      'Sea creatures',
      'Wildlife diary',
    ]);
  });

  it('pages a ranked search with its cursor, each envolvement once', async () => {
    const start = Date.now();
    for (let i = 0; i < 5; i++) {
      await offer({ title: `Heron ${i}`, createdAt: new Date(start - i * 1000) });
      await offer({ title: `Notes ${i}`, description: 'a heron', createdAt: new Date(start - i * 1000 + 500) });
    }
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const res: { body: { items: Card[]; nextCursor: string | null } } = await call(
        'GET',
        `/api/post/pull?q=heron&limit=3${cursor ? `&cursor=${cursor}` : ''}`,
      );
      seen.push(...res.body.items.map((item) => item.title));
      cursor = res.body.nextCursor;
    } while (cursor);
    expect(seen).toEqual([...[0, 1, 2, 3, 4].map((i) => `Heron ${i}`), ...[0, 1, 2, 3, 4].map((i) => `Notes ${i}`)]);
  });
});

describe('the database keeps the searched words in step', () => {
  it('follows edits of the title, the teaser, the description and the categories', async () => {
    const row = await offer({ title: 'Kite day' });
    const edit = (changes: Partial<NewEnvolvementRow>) =>
      db().update(envolvements).set(changes).where(eq(envolvements.id, row.id));
    await edit({ title: 'Balloon day' });
    expect(await found('kite')).toEqual([]);
    expect(await found('balloon')).toEqual(['Balloon day']);
    await edit({ previewText: 'Bring a lantern' });
    expect(await found('lantern')).toEqual(['Balloon day']);
    expect(await found('nothing')).toEqual([]);
    await edit({ description: 'Meet by the lighthouse' });
    expect(await found('lighthouse')).toEqual(['Balloon day']);
    await edit({ categories: ['Education'] });
    expect(await found('education')).toEqual(['Balloon day']);
    expect(await found('gaming')).toEqual([]);
  });

  it("follows a change of the creator's name or handle, on every one of their envolvements", async () => {
    const creator = await createUser({ name: 'Maya Chen', nickname: 'mayacreates' });
    await offer({ title: 'Clay pots' }, creator);
    await offer({ title: 'Glaze lab' }, creator);
    await db().update(users).set({ name: 'Maya Okafor' }).where(eq(users.id, creator.id));
    expect(await found('chen')).toEqual([]);
    expect((await found('okafor')).sort()).toEqual(['Clay pots', 'Glaze lab']);
    await db().update(users).set({ nickname: 'mayamakes' }).where(eq(users.id, creator.id));
    expect(await found('mayacreates')).toEqual([]);
    expect((await found('mayamakes')).sort()).toEqual(['Clay pots', 'Glaze lab']);
  });

  it('writes the vector itself: a value set by anyone else is replaced', async () => {
    const row = await offer({ title: 'Puppet show' });
    await db().execute(
      sql`update envolvements set search_vector = to_tsvector('simple', 'forged') where id = ${row.id}`,
    );
    expect(await found('forged')).toEqual([]);
    expect(await found('puppet')).toEqual(['Puppet show']);
  });
});

describe('one search everywhere', () => {
  it("gives Explore's page, the API and the suggestions the same envolvements in the same order", async () => {
    const start = Date.now();
    const creator = await createUser({ name: 'Lena Fox', nickname: 'lenafox' });
    for (let i = 0; i < 7; i++) {
      await offer(
        {
          title: i % 2 ? `Fox sketch ${i}` : `Study ${i}`,
          description: 'a fox',
          createdAt: new Date(start - i * 1000),
        },
        creator,
      );
    }
    const page = await listEnvolvements({ q: 'Fox', viewerId: null });
    const api = await call('GET', '/api/post/pull?q=fox');
    const suggested = await call('GET', '/api/search/suggest?q=fox');
    const ids = page.items.map((item) => item._id);
    expect(api.body.items.map((item: Card) => item._id)).toEqual(ids);
    expect(suggested.body.envolvements.map((item: { id: string }) => item.id)).toEqual(ids.slice(0, 5));
    expect(page.items.slice(0, 3).map((item) => item.title)).toEqual(['Fox sketch 1', 'Fox sketch 3', 'Fox sketch 5']);
  });
});
