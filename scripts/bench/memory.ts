// How much memory the server holds under a long mixed load, and how much it gives back once
// the load stops: visitors at once on Explore (plain, searched for words old and new, each
// category), profiles and envolvement pages (thousands of addresses, more than the cache
// keeps) and the grid's API, while the resident set of the server's processes is sampled.
import { execFileSync } from 'node:child_process';
import autocannon from 'autocannon';
import type pg from 'pg';
import { CATEGORIES } from '@/lib/domain/categories';
import type { BenchServer } from './server';
import { COMMON_WORD } from './words';

export type MemoryFigures = {
  /** Resident set, in MB, of every process of the server. */
  startMb: number;
  peakMb: number;
  /** At the end of the load. */
  loadedMb: number;
  /** After `idleSeconds` without a request. */
  idleMb: number;
  loadSeconds: number;
  idleSeconds: number;
  connections: number;
  requests: number;
};

/** The resident set of a process group, in MB (ps counts KB). */
function residentMb(group: number): number {
  const out = execFileSync('ps', ['-o', 'rss=', '-g', String(group)], { encoding: 'utf8' });
  const kb = out
    .split('\n')
    .map((line) => Number(line.trim()))
    .filter((n) => Number.isFinite(n) && n > 0)
    .reduce((sum, n) => sum + n, 0);
  return Math.round(kb / 1024);
}

async function addresses(client: pg.Client, query: () => string): Promise<() => string> {
  const offers = await client.query<{ id: string }>(
    `select id from envolvements where is_active and archived_at is null order by random() limit 3000`,
  );
  const creators = await client.query<{ nickname: string }>(
    `select distinct u.nickname from envolvements e join users u on u.id = e.creator_id
     where e.is_active and e.archived_at is null limit 1000`,
  );
  const pick = <T>(list: T[]) => list[Math.floor(Math.random() * list.length)]!;
  const kinds: Array<() => string> = [
    () => '/explore',
    () => `/explore?q=${COMMON_WORD}`,
    () => `/explore?q=${encodeURIComponent(query())}`,
    () => `/explore?category=${encodeURIComponent(pick([...CATEGORIES]))}`,
    () => `/@${pick(creators.rows).nickname}`,
    () => `/envolvement/${pick(offers.rows).id}`,
    () => `/envolvement/${pick(offers.rows).id}`,
    () => '/api/post/pull',
  ];
  return () => pick(kinds)();
}

export async function measureMemory(
  server: BenchServer,
  client: pg.Client,
  options: { loadSeconds: number; idleSeconds: number; connections: number; query: () => string },
): Promise<MemoryFigures> {
  const next = await addresses(client, options.query);
  const startMb = residentMb(server.group);
  let peakMb = startMb;
  const sampler = setInterval(() => {
    peakMb = Math.max(peakMb, residentMb(server.group));
  }, 5_000);
  let requests = 0;
  try {
    await new Promise<void>((resolve, reject) => {
      const instance = autocannon(
        {
          url: server.url,
          connections: options.connections,
          duration: options.loadSeconds,
          timeout: 10,
          requests: [{ setupRequest: (request) => ({ ...request, path: next() }) }],
        },
        (error: unknown) => (error ? reject(error instanceof Error ? error : new Error(String(error))) : resolve()),
      );
      instance.on('response', () => {
        requests += 1;
      });
    });
  } finally {
    clearInterval(sampler);
  }
  const loadedMb = residentMb(server.group);
  peakMb = Math.max(peakMb, loadedMb);
  await new Promise((resolve) => setTimeout(resolve, options.idleSeconds * 1000));
  return {
    startMb,
    peakMb,
    loadedMb,
    idleMb: residentMb(server.group),
    loadSeconds: options.loadSeconds,
    idleSeconds: options.idleSeconds,
    connections: options.connections,
    requests,
  };
}
