// Fuzzes every API route with bad input, as each role: the answer is never a 5xx, every
// refusal says why in `error`, and a refused write changes no table. Runs on PGlite with a
// fixed seed; FUZZ_SEED, FUZZ_RUNS and FUZZ_BUDGET_MS change it for a longer hunt. A failure
// prints the request it sent and fast-check's counterexample; LOG_LEVEL=error shows the
// server's stack of a 500 (the logger is silent under tests).
import fc from 'fast-check';
import { beforeEach, describe, expect, it } from 'vitest';
import { resetRateLimits } from '@/lib/rate-limit';
import { truncateAll, useTestDatabase } from '../helpers/db';
import { useFakeStripe } from '../helpers/payments';
import { useTempUploadsDir } from '../helpers/uploads';
import { takesBody } from './bodies';
import { body, brokenField, extraHeaders, pathParam, query, role } from './inputs';
import { callersReaching, runCase, type Case, type Context } from './run';
import { uploadCases, webhookCases } from './special-cases';
import { cookiesOf, discoverRoutes, seedWorld, type ApiRoute, type Role, type World } from './world';

const SEED = Number(process.env.FUZZ_SEED ?? 20_260_611);
// Cases per property: each handler gets RUNS of anything, and each write that reads a body
// RUNS more that send its valid body with one field broken, as a caller who gets that far.
const RUNS = Number(process.env.FUZZ_RUNS ?? 300);
// Past its share of this, a property's remaining cases are skipped (and it still passes), so
// that the suite stays within its minute on a slow machine.
const BUDGET_MS = Number(process.env.FUZZ_BUDGET_MS ?? 35_000);
const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

const database = useTestDatabase();
const stripe = useFakeStripe();
useTempUploadsDir();

// next-auth's own endpoints are tested with next-auth. The webhook proves itself with a
// signature and the uploads take files: they get cases of their own below.
// The test-card route only exists under `npm run dev`'s stand-in: payment-test-card.test.ts covers it.
const NOT_FUZZED = new Set(['auth/[...nextauth]', 'payment/webhook', 'payment/confirm-test-card']);
const UPLOADS: Record<string, string> = {
  'uploads/image': 'image',
  'profile/banner': 'banner',
  'account/picture': 'picture',
};

// Methods a route file does not export are answered 405 by Next before our code runs; that
// cannot be called in-process and is covered by the browser-level tests.
const routes = await discoverRoutes();
const fuzzed = routes.filter((r) => !NOT_FUZZED.has(r.key) && !(r.key in UPLOADS));
const hasBrokenFieldCases = (method: string, key: string) => WRITES.has(method) && takesBody(method, key);

let world: World;
let cookies: Record<Role, string | null>;

async function seed(): Promise<void> {
  world = await seedWorld(stripe());
  cookies = await cookiesOf(world);
}

const ctx: Context = {
  world: () => world,
  cookie: (r) => cookies[r],
  reseed: async () => {
    await truncateAll(database.handle());
    resetRateLimits();
    await seed();
  },
  beforeCase: resetRateLimits,
};

beforeEach(seed);

/** A seed of its own for each property, so that adding a route changes no other's cases. */
function seedOf(name: string): number {
  let hash = SEED | 0;
  for (const char of name) hash = (Math.imul(hash, 31) + char.charCodeAt(0)) | 0;
  return hash;
}

let propertiesLeft = fuzzed.reduce(
  (n, r) => n + r.methods.reduce((m, { method }) => m + (hasBrokenFieldCases(method, r.key) ? 2 : 1), 0),
  0,
);
let startedAt = 0;

/**
 * When this property's share of the budget runs out. Its later cases return at once, rather
 * than fast-check's own time limit, which abandons the running case to meet the next test.
 */
function deadline(): number {
  startedAt ||= Date.now();
  const left = Math.max(BUDGET_MS - (Date.now() - startedAt), 0);
  const share = Math.max((2 * left) / Math.max(propertiesLeft, 1), 500);
  propertiesLeft -= 1;
  return Date.now() + share;
}

async function check<T>(name: string, cases: fc.Arbitrary<T>, run: (value: T) => Promise<unknown>): Promise<void> {
  const until = deadline();
  const property = fc.asyncProperty(cases, async (value) => {
    if (Date.now() > until) return;
    ctx.beforeCase();
    await run(value);
  });
  await fc.assert(property, { seed: seedOf(name), numRuns: RUNS });
}

function caseOf(route: ApiRoute): fc.Arbitrary<Case> {
  const params = fc.record(Object.fromEntries(route.params.map((name) => [name, pathParam(route.key, name)])));
  return fc.record({ role, params, query, body, headers: extraHeaders });
}

const noQuery = { kind: 'pairs' as const, pairs: [] };

/**
 * A request that is bad whoever sends it is refused with a 4xx: runCase has already checked
 * that the answer is no 5xx and carries an `error` text, but a 200 would get past it.
 */
function expectRefused(status: number, what: string): void {
  expect(status, what).toBeGreaterThanOrEqual(400);
  expect(status, what).toBeLessThan(500);
}

it('finds the API routes and their methods on disk', () => {
  expect(routes.length).toBeGreaterThan(0);
  for (const route of routes) expect(route.methods.length, route.key).toBeGreaterThan(0);
  for (const key of [...NOT_FUZZED, ...Object.keys(UPLOADS)]) expect(routes.map((r) => r.key)).toContain(key);
});

for (const route of fuzzed) {
  for (const { method, handler } of route.methods) {
    const name = `${method} /api/${route.key}`;
    describe(name, () => {
      it('survives bad input from every role', async () => {
        await check(name, caseOf(route), (c) => runCase(ctx, route, method, handler, c));
      });

      if (!hasBrokenFieldCases(method, route.key)) return;
      it('survives its valid body with one field broken', async () => {
        const reaching = await callersReaching(ctx, route, method, handler);
        expect(
          reaching.length,
          `nobody could ${name} with its valid body: add one to tests/fuzz/bodies.ts`,
        ).toBeGreaterThan(0);
        await check(
          `${name} broken field`,
          fc.tuple(fc.constantFrom(...reaching), brokenField),
          ([{ role: as, params }, broken]) =>
            runCase(ctx, route, method, handler, { role: as, params, query: noQuery, body: broken, headers: {} }),
        );
      });
    });
  }
}

for (const [key, field] of Object.entries(UPLOADS)) {
  describe(`POST /api/${key}`, () => {
    it('answers bad multipart bodies with a 4xx', async () => {
      const route = routes.find((r) => r.key === key)!;
      const { handler } = route.methods.find((m) => m.method === 'POST')!;
      for (const as of ['visitor', 'stranger', 'owner'] as const) {
        for (const [n, upload] of uploadCases(field).entries()) {
          ctx.beforeCase();
          const status = await runCase(ctx, route, 'POST', handler, {
            role: as,
            params: {},
            query: noQuery,
            body: upload,
            headers: {},
          });
          expectRefused(status, `upload case ${n} as ${as}`);
        }
      }
    });
  });
}

describe('POST /api/payment/webhook', () => {
  it('refuses malformed bodies and signatures with a 4xx, and acknowledges a signed event naming no payment', async () => {
    const route = routes.find((r) => r.key === 'payment/webhook')!;
    const { handler } = route.methods.find((m) => m.method === 'POST')!;
    for (const [n, { body: sent, signature, answer }] of webhookCases(stripe()).entries()) {
      const headers: Record<string, string> = signature === null ? {} : { 'stripe-signature': signature };
      const status = await runCase(ctx, route, 'POST', handler, {
        role: 'visitor',
        params: {},
        query: noQuery,
        body: sent,
        headers,
      });
      if (answer === 'refused') expectRefused(status, `webhook case ${n}`);
      else expect(status, `webhook case ${n}`).toBe(200);
    }
  });
});
