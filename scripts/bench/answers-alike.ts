// Sign-up and "forgot password" must take as long for an address that has an account as for
// one that has not: each path is sent `count` times, one request at a time, the two paths in
// turns (which goes first alternates), so that a machine busier for a moment slows both. The
// figure is the ratio of their medians; the goal is 0.9 to 1.1.
import type pg from 'pg';
import { percentile } from './measure';
import type { BenchServer } from './server';

export type AlikeFigures = {
  count: number;
  signUp: { newMs: number; existingMs: number; ratio: number };
  forgot: { unknownMs: number; knownMs: number; ratio: number };
};

const PASSWORD = 'Quiet-Harbor-Lantern-58';

// Every request from an address of its own (TRUSTED_PROXIES reads the last hop): the
// per-address limits of both forms would stop a run of 400 from one client.
let clients = 0;
function nextClient(): string {
  clients += 1;
  return `10.${(clients >> 16) & 255}.${(clients >> 8) & 255}.${clients & 255}`;
}

async function timed(url: string, body: unknown): Promise<number> {
  const started = performance.now();
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': nextClient() },
    body: JSON.stringify(body),
  });
  await response.arrayBuffer();
  const elapsed = performance.now() - started;
  if (response.status !== 202) throw new Error(`${new URL(url).pathname} answered ${response.status}`);
  return elapsed;
}

/** Medians of two paths sent in turns, after a few of each to load their code. */
async function inTurns(
  count: number,
  first: (i: number) => Promise<number>,
  second: (i: number) => Promise<number>,
): Promise<[number, number]> {
  for (let i = 1; i <= 5; i++) {
    await first(-i);
    await second(-i);
  }
  const times: [number[], number[]] = [[], []];
  for (let i = 0; i < count; i++) {
    if (i % 2 === 0) {
      times[0].push(await first(i));
      times[1].push(await second(i));
    } else {
      times[1].push(await second(i));
      times[0].push(await first(i));
    }
  }
  return [percentile(times[0], 0.5), percentile(times[1], 0.5)];
}

const round = (value: number, places: number) => Math.round(value * 10 ** places) / 10 ** places;

/**
 * Times both forms for an address with a confirmed account that has a password (a member of
 * the seed, given one) and for addresses no account holds.
 */
export async function measureAnswersAlike(
  server: BenchServer,
  client: pg.Client,
  memberId: string,
  count: number,
): Promise<AlikeFigures> {
  const { rows } = await client.query<{ email: string }>(
    `update users set password_hash = coalesce(password_hash, 'scrypt$16384$8$1$AAAAAAAAAAAAAAAAAAAAAA==$AAAA'),
       email_verified_at = coalesce(email_verified_at, now())
     where id = $1 returning email`,
    [memberId],
  );
  const known = rows[0]!.email;
  const run = Date.now().toString(36);
  const signUp = (email: (i: number) => string) => (i: number) =>
    timed(`${server.url}/api/auth/register`, {
      name: 'Bench Person',
      handle: `bench_${run}_${i < 0 ? `w${-i}` : i}`,
      email: email(i),
      password: PASSWORD,
    });
  const forgot = (email: (i: number) => string) => (i: number) =>
    timed(`${server.url}/api/auth/forgot-password`, { email: email(i) });
  const fresh = (i: number) => `bench-${run}-${i < 0 ? `w${-i}` : i}@example.com`;

  const [newMs, existingMs] = await inTurns(
    count,
    signUp(fresh),
    signUp(() => known),
  );
  const [unknownMs, knownMs] = await inTurns(
    count,
    forgot((i) => `nobody-${fresh(i)}`),
    forgot(() => known),
  );
  return {
    count,
    signUp: { newMs: round(newMs, 1), existingMs: round(existingMs, 1), ratio: round(existingMs / newMs, 3) },
    forgot: { unknownMs: round(unknownMs, 1), knownMs: round(knownMs, 1), ratio: round(knownMs / unknownMs, 3) },
  };
}
