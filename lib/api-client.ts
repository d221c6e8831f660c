// The browser's one way to call the API: JSON or a multipart form out, the JSON answer
// back, and every failure as an ApiError carrying the server's `{ error, fields }`.
import type { FieldErrors } from '@/lib/validation/field-errors';

export const NETWORK_ERROR = 'Network error. Please check your connection and try again.';

export class ApiError extends Error {
  /** The HTTP status; 0 when no answer arrived. */
  readonly status: number;
  readonly code: string | null;
  /** Messages by field, keyed by the field's dotted path, as the server's schemas name them. */
  readonly fields: FieldErrors;
  /** Seconds to wait, from a 429's Retry-After. */
  readonly retryAfter: number | null;

  constructor(
    status: number,
    message: string,
    options: { code?: string | null; fields?: FieldErrors; retryAfter?: number | null } = {},
  ) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = options.code ?? null;
    this.fields = options.fields ?? {};
    this.retryAfter = options.retryAfter ?? null;
  }
}

type ApiOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as application/json. */
  json?: unknown;
  /** Sent as multipart/form-data (files). */
  form?: FormData;
  /** Sent as application/x-www-form-urlencoded (next-auth's own endpoints take only this). */
  urlencoded?: URLSearchParams;
  signal?: AbortSignal;
  /** The message when the server gives none (a proxy's 502, an HTML error page). */
  fallback?: string;
};

type ErrorBody = { error?: unknown; code?: unknown; fields?: unknown };

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

function toApiError(response: Response, body: unknown, fallback: string): ApiError {
  const { error, code, fields } = (body && typeof body === 'object' ? body : {}) as ErrorBody;
  const retryAfter = Number(response.headers.get('retry-after'));
  return new ApiError(response.status, typeof error === 'string' && error ? error : fallback, {
    code: typeof code === 'string' ? code : null,
    fields: fields && typeof fields === 'object' ? (fields as FieldErrors) : {},
    retryAfter: Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : null,
  });
}

/**
 * Calls an API route and returns its JSON answer. Throws ApiError for any answer that is
 * not 2xx and for a failed connection; an aborted call rethrows the AbortError.
 */
export async function api<T = unknown>(path: string, options: ApiOptions = {}): Promise<T> {
  return (await call<T>(path, options)).body;
}

/** A page of a list that says where the next page is in its `Link: <…>; rel="next"` header. */
export async function apiPage<T>(path: string): Promise<{ items: T[]; next: string | null }> {
  const { body, response } = await call<T[]>(path, {});
  const next = /<([^>]+)>;\s*rel="next"/.exec(response.headers.get('link') ?? '');
  return { items: Array.isArray(body) ? body : [], next: next?.[1] ?? null };
}

async function call<T>(path: string, options: ApiOptions): Promise<{ body: T; response: Response }> {
  const { json, form, urlencoded, signal } = options;
  const method = options.method ?? (json !== undefined || form || urlencoded ? 'POST' : 'GET');
  const init: RequestInit = { method, signal };
  if (json !== undefined) {
    init.headers = { 'content-type': 'application/json' };
    init.body = JSON.stringify(json);
  } else if (form || urlencoded) {
    // fetch writes the content type (with the multipart boundary) itself.
    init.body = form ?? urlencoded;
  }
  let response: Response;
  try {
    response = await fetch(path, init);
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiError(0, NETWORK_ERROR, { code: 'network' });
  }
  const body = await readBody(response);
  if (!response.ok) throw toApiError(response, body, options.fallback ?? 'Something went wrong. Please try again.');
  return { body: body as T, response };
}

/** The message to show for a failure of `api()` or anything else thrown while calling it. */
export function messageOf(error: unknown, fallback = 'Something went wrong. Please try again.'): string {
  return error instanceof ApiError ? error.message : fallback;
}
