import type { NextRequest } from 'next/server';
import { z } from 'zod/mini';
import { getViewerFromRequest, type Viewer } from '@/lib/auth/viewer';
import { DatabaseDownError, isDatabaseDown } from '@/lib/db/availability';
import { consumeRateLimit, RateLimitError, type RateLimitName } from '@/lib/rate-limit';
import { fieldErrorsOf } from '@/lib/validation/check';
import { isUuid } from '@/lib/validation/ids';
import { readJson, mediaType, queryObject } from '@/lib/http/body';
import { clientIp } from '@/lib/http/client-ip';
import { AppError, toErrorResponse } from '@/lib/http/errors';
import { assertSameOrigin } from '@/lib/http/same-origin';
import { API_CONTENT_SECURITY_POLICY, baseSecurityHeaders } from '@/lib/http/security-headers';

type RouteContext = { params: Promise<Record<string, string | string[]>> };

/** What a handler receives: the viewer, and the body and query already checked by their schemas. */
export type RouteInput<V, B, Q> = {
  request: NextRequest;
  params: Record<string, string>;
  viewer: V;
  body: B;
  query: Q;
};

type Handler<V, B, Q> = (input: RouteInput<V, B, Q>) => Promise<Response | unknown>;

/** The schemas of a route's input (a 400 with `{ error, fields }` when it does not fit), and its rate limit. */
type InputSchemas<B, Q> = {
  /**
   * Counted once the viewer is known and before the input is read, so refused input
   * counts too: per client IP, per signed-in user, or per user else IP.
   */
  rateLimit?: { name: RateLimitName; per: 'ip' | 'user' | 'userOrIp' };
  /**
   * The JSON body; or a function that gives its schema per request, for one whose messages
   * follow the site's settings (a price's limits in the site's currency).
   */
  body?: z.ZodMiniType<B> | (() => z.ZodMiniType<B>);
  /** The query string, as an object of strings (arrays for repeated names). */
  query?: z.ZodMiniType<Q>;
  /** The `error` of a 400 for input that does not fit, when not the first field's message. */
  invalidMessage?: string;
};

type RouteOptions = {
  /**
   * Lets other sites call a state-changing route. Only for callers that prove themselves
   * otherwise (Stripe's webhook signs its body).
   */
  crossSite?: boolean;
  /** The body types a write may carry, when not JSON or multipart (next-auth's forms). */
  bodyTypes?: string[];
};

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const BODY_TYPES = ['application/json', 'multipart/form-data'];

// HTTP/1.1 frames a body with Content-Length or Transfer-Encoding; without either there is
// none (a browser's bodiless DELETE). `request.body` cannot tell: the server gives every
// request a stream, empty or not.
function declaresBody(request: Request): boolean {
  const length = request.headers.get('content-length');
  if (length !== null) return length.trim() !== '0';
  return request.headers.has('transfer-encoding');
}

// A write must come from this site, and carry JSON or a multipart form (a browser sends
// text/plain and urlencoded bodies cross-site without asking; these two it does not).
function guardWrite(request: Request, options: RouteOptions): void {
  if (!WRITE_METHODS.has(request.method)) return;
  if (!options.crossSite) assertSameOrigin(request);
  const type = mediaType(request);
  if (type === null ? declaresBody(request) : !(options.bodyTypes ?? BODY_TYPES).includes(type)) {
    throw new AppError(
      'unsupported_media_type',
      'Send the request body as application/json (or multipart/form-data for files).',
    );
  }
}

// Response.redirect() and fetch() answers have immutable headers: those are copied.
function withSecurityHeaders(response: Response): Response {
  const wanted = { ...baseSecurityHeaders(), 'Content-Security-Policy': API_CONTENT_SECURITY_POLICY };
  const missing = Object.entries(wanted).filter(([name]) => !response.headers.has(name));
  if (missing.length === 0) return response;
  try {
    for (const [name, value] of missing) response.headers.set(name, value);
    return response;
  } catch {
    const headers = new Headers(response.headers);
    for (const [name, value] of missing) headers.set(name, value);
    return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
  }
}

function errorResponse(error: unknown): Response {
  const response = toErrorResponse(error);
  if (error instanceof RateLimitError) response.headers.set('Retry-After', String(error.retryAfter));
  return response;
}

function toResponse(result: unknown): Response {
  return result instanceof Response ? result : Response.json(result ?? null);
}

function flatten(params: Record<string, string | string[]>): Record<string, string> {
  return Object.fromEntries(Object.entries(params).map(([k, v]) => [k, Array.isArray(v) ? v.join('/') : v]));
}

/**
 * Runs a route handler with the rules every API answer follows: writes only from this
 * site and in JSON or multipart, expected failures as `{ error }` with their status, and
 * the security headers on every answer.
 */
export function handleRoute(
  handler: (request: NextRequest, context: RouteContext) => Promise<Response>,
  options: RouteOptions = {},
) {
  return async (request: NextRequest, context: RouteContext): Promise<Response> => {
    let response: Response;
    try {
      // Every route reads the database, if only for the session: while the server is
      // known to be unreachable, the answer is a 503 at once rather than a timeout.
      if (isDatabaseDown()) throw new DatabaseDownError();
      guardWrite(request, options);
      response = await handler(request, context);
    } catch (error) {
      response = errorResponse(error);
    }
    return withSecurityHeaders(response);
  };
}

async function readInput<B, Q>(request: NextRequest, options: InputSchemas<B, Q>): Promise<{ query: Q; body: B }> {
  try {
    const query = options.query ? options.query.parse(queryObject(request.nextUrl.searchParams)) : (undefined as Q);
    const schema = typeof options.body === 'function' ? options.body() : options.body;
    const body = schema ? await readJson(request, schema) : (undefined as B);
    return { query, body };
  } catch (error) {
    if (!(error instanceof z.core.$ZodError) || !options.invalidMessage) throw error;
    throw new AppError('bad_request', options.invalidMessage, fieldErrorsOf(error));
  }
}

function route<V, B, Q>(
  resolveViewer: (viewer: Viewer | null) => V,
  handler: Handler<V, B, Q>,
  options: RouteOptions & InputSchemas<B, Q>,
) {
  return handleRoute(async (request, context) => {
    const [found, params] = await Promise.all([getViewerFromRequest(request), context?.params]);
    // Who is asking is settled before the input is read: no session is a 401 whatever the body.
    const viewer = resolveViewer(found);
    if (options.rateLimit) {
      const { name, per } = options.rateLimit;
      const ip = () => clientIp(request.headers);
      await consumeRateLimit(name, per === 'ip' ? ip() : (found?.id ?? ip()));
    }
    const { query, body } = await readInput(request, options);
    return toResponse(await handler({ request, params: flatten(params ?? {}), viewer, body, query }));
  }, options);
}

/** A route handler open to everyone; `viewer` is null when signed out. */
export function publicRoute<B = undefined, Q = undefined>(
  handler: Handler<Viewer | null, B, Q>,
  options: RouteOptions & InputSchemas<B, Q> = {},
) {
  return route((viewer) => viewer, handler, options);
}

/** A route handler for signed-in users: 401 before the input is read when there is no session. */
export function authedRoute<B = undefined, Q = undefined>(
  handler: Handler<Viewer, B, Q>,
  options: RouteOptions & InputSchemas<B, Q> = {},
) {
  return route(
    (viewer) => {
      if (!viewer) throw new AppError('unauthorized', 'You must be signed in to do this.');
      return viewer;
    },
    handler,
    options,
  );
}

/** An id from the path; a malformed one names nothing, so it is a 404 like an unknown one. */
export function parseId(value: string | undefined, notFoundMessage: string): string {
  if (!isUuid(value)) throw new AppError('not_found', notFoundMessage);
  return value;
}
