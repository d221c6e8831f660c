import { encode } from 'next-auth/jwt';
import { beforeEach, expect, vi } from 'vitest';
import { NextRequest } from 'next/server';
import { getAuthSecret } from '@/lib/auth/secret';
import { resolveRoute } from './routes';

type Principal = {
  id: string;
  name?: string;
  nickname?: string;
  email?: string | null;
  picture?: string | null;
  /** The session version the cookie was issued under (`sv`); none, as for a new account, means 0. */
  sessionVersion?: number;
};

/** A real next-auth session cookie for `user`, signed with the app's secret. */
export async function sessionCookie(user: Principal): Promise<string> {
  const token = await encode({
    token: {
      sub: user.id,
      name: user.name ?? 'Test',
      nickname: user.nickname ?? 'test',
      email: user.email ?? null,
      picture: user.picture ?? null,
      ...(user.sessionVersion === undefined ? {} : { sv: user.sessionVersion }),
    },
    secret: getAuthSecret(),
  });
  return `next-auth.session-token=${token}`;
}

type RequestOptions = {
  as?: Principal | null;
  json?: unknown;
  body?: BodyInit;
  form?: FormData;
  headers?: Record<string, string>;
};

export async function buildRequest(method: string, path: string, options: RequestOptions = {}): Promise<NextRequest> {
  const headers = new Headers(options.headers);
  if (options.as) headers.set('cookie', await sessionCookie(options.as));
  let body: BodyInit | undefined = options.body;
  if (options.json !== undefined) {
    headers.set('content-type', 'application/json');
    body = JSON.stringify(options.json);
  }
  if (options.form) body = options.form;
  return new NextRequest(new URL(path, 'http://localhost:3000'), { method, headers, body });
}

type RouteHandler = (
  request: NextRequest,
  context: { params: Promise<Record<string, string | string[]>> },
) => Promise<Response>;

/**
 * The handler Next would run for this method and path, with the params the path gives it;
 * `found` is false when no route file serves the path (Next answers 404 itself).
 */
export async function routeFor(method: string, path: string) {
  const { pathname } = new URL(path, 'http://localhost:3000');
  const route = resolveRoute(pathname);
  if (!route) return { found: false, handler: undefined, params: {} };
  const mod = (await import(/* @vite-ignore */ route.file)) as Record<string, RouteHandler | undefined>;
  return { found: true, handler: mod[method], params: route.params };
}

/** Calls the route handler at `path` as Next would, and reads the JSON answer. */
export async function call(
  method: string,
  path: string,
  options: RequestOptions = {},
): Promise<{ status: number; body: any; response: Response }> {
  const { found, handler, params } = await routeFor(method, path);
  const request = await buildRequest(method, path, options);
  // No route, or a method the file does not export, is answered by Next itself.
  const response = handler
    ? await handler(request, { params: Promise.resolve(params) })
    : new Response(null, { status: found ? 405 : 404 });
  const text = await response.text();
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    // not JSON: keep the text
  }
  return { status: response.status, body, response };
}

/**
 * POSTs from client addresses `prefix`.1 to .250, for routes limited per address: each call
 * comes from an address of its own unless `ip` is given, so that a limit is met only where
 * it is the subject.
 */
export function postsFromClients(prefix: string) {
  let clients = 0;
  return (path: string, json: unknown, { ip, as }: { ip?: string; as?: Principal } = {}) =>
    call('POST', path, { json, as, headers: { 'x-forwarded-for': ip ?? `${prefix}.${(clients++ % 250) + 1}` } });
}

/** Each test's links (in messages, in answers) are made on `site`, as NEXTAUTH_URL names it. */
export function useSiteUrl(site: string): void {
  beforeEach(() => {
    vi.stubEnv('NEXTAUTH_URL', site);
  });
}

/** What every JSON route answers to a body that says it is JSON and is not. */
export const NOT_JSON = { status: 400, body: { error: 'The request body must be valid JSON.', code: 'bad_request' } };

/** The status and body of a POST to `path` whose body says it is JSON and is not. */
export async function postBrokenJson(path: string, as?: Principal) {
  const { status, body } = await call('POST', path, {
    as,
    body: '{nope',
    headers: { 'content-type': 'application/json' },
  });
  return { status, body };
}

/**
 * The items of every page of a list, following its Link headers from `path` to the end as a
 * profile's 'Load more' does; each page must answer 200.
 */
export async function everyPage<T>(path: string, as: Principal | null): Promise<T[][]> {
  const pages: T[][] = [];
  let next: string | null = path;
  while (next) {
    const res = await call('GET', next, { as });
    expect(res.status).toBe(200);
    pages.push(res.body as T[]);
    next = /<([^>]+)>;\s*rel="next"/.exec(res.response.headers.get('link') ?? '')?.[1] ?? null;
  }
  return pages;
}
