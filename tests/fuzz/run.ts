import { NextRequest } from 'next/server';
import { pathsOf, validBodyOf } from './bodies';
import { likelyRefs, type BodySpec, type QuerySpec } from './inputs';
import { DATE_EDGES, NUMBER_EDGES, Ref, type RefName } from './values';
import { fingerprint, isWorldIntact, ROLES, slugOf, type ApiRoute, type Handler, type Role, type World } from './world';

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export type Case = {
  role: Role;
  params: Record<string, string | Ref>;
  query: QuerySpec;
  body: BodySpec;
  headers: Record<string, string>;
};

/** What one run needs from the suite: the seeded data, and a way to seed it again. */
export type Context = {
  world: () => World;
  cookie: (role: Role) => string | null;
  reseed: () => Promise<void>;
  /** Run before each case: rate-limit counters start from zero, lest a tripped limit hide the checks behind it. */
  beforeCase: () => void;
};

// The id each name of a seeded thing stands for in the world as seeded now.
const REF_VALUES: Record<RefName, (world: World) => string> = {
  free: (world) => world.free.id,
  paid: (world) => world.paid.id,
  freePurchase: (world) => world.freePurchaseId,
  paidPurchase: (world) => world.paidPurchaseId,
  payment: (world) => world.paymentIntentId,
  ownerId: (world) => world.owner.id,
  memberId: (world) => world.member.id,
  strangerId: (world) => world.stranger.id,
  ownerSlug: (world) => slugOf(world.owner.id),
  memberSlug: (world) => slugOf(world.member.id),
  update: (world) => world.updateId,
  comment: (world) => world.commentId,
  notification: (world) => world.notificationId,
};

/** The value with every Ref replaced by the id it names now (own `__proto__` keys kept as data). */
export function resolve(world: World, value: unknown): unknown {
  if (value instanceof Ref) return REF_VALUES[value.name](world);
  if (Array.isArray(value)) return value.map((v) => resolve(world, v));
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, resolve(world, v)]));
  return value;
}

const valueAt = (body: unknown, path: Array<string | number>) =>
  path.reduce<unknown>((v, key) => (v as Record<string | number, unknown>)[key], body);
const isDateText = (v: unknown) => typeof v === 'string' && /^\d{4}-\d{2}-\d{2}/.test(v);

// A date or number at the edge of its range, for a field that holds that kind.
function edgeFor(current: unknown, n: number): unknown {
  return isDateText(current) ? DATE_EDGES[n % DATE_EDGES.length] : NUMBER_EDGES[n % NUMBER_EDGES.length];
}

// One field of the body broken; a body of nothing but that field when the write takes none.
function mutate(base: unknown, spec: Extract<BodySpec, { kind: 'mutate' }>, value: unknown): unknown {
  const copy = structuredClone(base ?? {});
  const all = pathsOf(copy).slice(1);
  // 'append' goes to a text field, 'edge' to a date or number field, when the body has one.
  const fitting = all.filter((p) => {
    const current = valueAt(copy, p);
    if (spec.action === 'append') return typeof current === 'string';
    if (spec.action === 'edge') return typeof current === 'number' || isDateText(current);
    return true;
  });
  const paths = fitting.length > 0 ? fitting : all;
  if (paths.length === 0) return spec.action === 'delete' ? undefined : value;
  const target = paths[spec.at % paths.length]!;
  let parent = copy as Record<string | number, unknown>;
  for (const key of target.slice(0, -1)) parent = parent[key] as Record<string | number, unknown>;
  const key = target[target.length - 1]!;
  if (spec.action === 'edge') parent[key] = edgeFor(parent[key], Math.floor(spec.at / paths.length));
  else if (spec.action === 'delete') {
    if (Array.isArray(parent)) parent.splice(Number(key), 1);
    else delete parent[key];
  } else if (spec.action === 'wrap') parent[key] = [parent[key]];
  else if (spec.action === 'append' && typeof parent[key] === 'string')
    parent[key] = `${parent[key] as string}${typeof value === 'string' ? value : JSON.stringify(value)}`;
  else Object.defineProperty(parent, key, { value, enumerable: true, writable: true, configurable: true });
  return copy;
}

/** The body text and its content type; undefined text sends no body. */
function bodyOf(
  world: World,
  method: string,
  routeKey: string,
  spec: BodySpec,
): { text?: string | Buffer; contentType: string | null } {
  if (spec.kind === 'none') return { contentType: null };
  if (spec.kind === 'raw') return { text: spec.text, contentType: spec.contentType };
  if (spec.kind === 'valid')
    return { text: JSON.stringify(validBodyOf(world, method, routeKey) ?? {}), contentType: 'application/json' };
  const value = resolve(world, spec.value);
  const json = spec.kind === 'value' ? value : mutate(validBodyOf(world, method, routeKey), spec, value);
  return { text: json === undefined ? undefined : JSON.stringify(json), contentType: spec.contentType };
}

function safeEncode(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    return 'x';
  }
}

function queryOf(world: World, spec: QuerySpec): string {
  if (spec.kind === 'raw') return `?${spec.text}`;
  if (spec.pairs.length === 0) return '';
  return `?${spec.pairs.map(([k, v]) => `${safeEncode(k)}=${safeEncode(String(resolve(world, v)))}`).join('&')}`;
}

function short(sent: string | Buffer | undefined): string {
  if (sent === undefined) return '(none)';
  const text = typeof sent === 'string' ? sent : sent.toString('latin1');
  return JSON.stringify(text.length > 300 ? `${text.slice(0, 300)}… (${text.length} chars)` : text);
}

/**
 * Sends one generated request and checks the answer: never a 5xx, an `error` text on every
 * refusal, and a refused write leaves every table as it was. A write that went through and
 * removed something the cases rely on has the world seeded again for the next case.
 */
export async function runCase(
  ctx: Context,
  route: ApiRoute,
  method: string,
  handler: Handler,
  c: Case,
): Promise<number> {
  const world = ctx.world();
  const params = Object.fromEntries(route.params.map((name) => [name, String(resolve(world, c.params[name] ?? ''))]));
  const pathname = `/api/${route.key.replace(/\[(?:\.\.\.)?([^\]]+)\]/g, (_, name: string) => safeEncode(params[name]!))}`;
  const url = `${pathname}${queryOf(world, c.query)}`;
  const hasBody = method !== 'GET' && method !== 'HEAD';
  const { text, contentType } = hasBody
    ? bodyOf(world, method, route.key, c.body)
    : { text: undefined, contentType: null };
  const headers = new Headers(c.headers);
  const cookie = ctx.cookie(c.role);
  if (cookie) headers.set('cookie', cookie);
  if (contentType !== null) headers.set('content-type', contentType);
  const sent = `${method} ${url} as ${c.role}, params ${short(JSON.stringify(params))}, content-type ${String(contentType)}, body ${short(text)}`;

  const write = WRITES.has(method);
  const before = write ? await fingerprint() : null;
  const requestBody = text === undefined || typeof text === 'string' ? text : new Uint8Array(text);
  const request = new NextRequest(new URL(url, 'http://localhost:3000'), { method, headers, body: requestBody });
  const response = await handler(request, { params: Promise.resolve(params) });
  const answer = await response.text();
  const status = response.status;
  if (status >= 500) throw new Error(`${status} for ${sent}: ${answer}`);
  if ((status < 200 || status >= 300) && method !== 'HEAD') {
    let parsed: unknown;
    try {
      parsed = JSON.parse(answer);
    } catch {
      throw new Error(`${status} without a JSON body for ${sent}: ${short(answer)}`);
    }
    if (typeof (parsed as { error?: unknown } | null)?.error !== 'string') {
      throw new Error(`${status} without an error text for ${sent}: ${short(answer)}`);
    }
  }
  if (!write) return status;
  const after = await fingerprint();
  if (status >= 400 && after !== before)
    throw new Error(`refused write (${status}) changed the data, for ${sent}: ${short(answer)}`);
  if (after !== before && !(await isWorldIntact(world))) await ctx.reseed();
  return status;
}

const noQuery: QuerySpec = { kind: 'pairs', pairs: [] };

/**
 * The callers and path ids for which the write takes its valid body (found by sending it):
 * the broken-field cases go there, past the checks of who may call and on what.
 */
export async function callersReaching(ctx: Context, route: ApiRoute, method: string, handler: Handler) {
  const paramSets = route.params.reduce<Array<Record<string, Ref>>>(
    (sets, name) => sets.flatMap((set) => likelyRefs(route.key, name).map((ref) => ({ ...set, [name]: new Ref(ref) }))),
    [{}],
  );
  const reaching: Array<{ role: Role; params: Record<string, Ref> }> = [];
  for (const role of ROLES) {
    for (const params of paramSets) {
      ctx.beforeCase();
      const status = await runCase(ctx, route, method, handler, {
        role,
        params,
        query: noQuery,
        body: { kind: 'valid' },
        headers: {},
      });
      if (status < 300) reaching.push({ role, params });
    }
  }
  return reaching;
}
