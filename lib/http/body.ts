import type { z } from 'zod/mini';
import { AppError } from './errors';

// Reading a request: its query, and its body within a size limit, as text or as JSON checked
// by a schema. Used by the API's route wrapper (lib/api/route.ts) and by the sign-in guard.

/** JSON bodies are forms, not files: a megabyte is far more than any of them needs. */
export const MAX_JSON_BYTES = 1024 * 1024;

/** The media type a request declares (`application/json`), lower-cased, without parameters. */
export function mediaType(request: Request): string | null {
  const header = request.headers.get('content-type');
  return header ? header.split(';')[0]!.trim().toLowerCase() : null;
}

/** The query string as the object a schema reads: one string per name, an array when repeated. */
export function queryObject(params: URLSearchParams): Record<string, string | string[]> {
  const query: Record<string, string | string[]> = {};
  for (const name of new Set(params.keys())) {
    const values = params.getAll(name);
    query[name] = values.length === 1 ? values[0]! : values;
  }
  return query;
}

const TOO_LARGE = 'The request body is too large.';

/** The body as text, refused with a 413 past `limit` bytes without reading further. */
export async function readBodyText(request: Request, limit = MAX_JSON_BYTES): Promise<string> {
  const declared = Number(request.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > limit) throw new AppError('too_large', TOO_LARGE);
  if (!request.body) return '';
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => undefined);
      throw new AppError('too_large', TOO_LARGE);
    }
    chunks.push(value);
  }
  return new TextDecoder('utf-8', { fatal: false }).decode(Buffer.concat(chunks));
}

/** Reads and validates a JSON body; a body that is not JSON is a 400, never a 500. */
export async function readJson<T>(request: Request, schema: z.ZodMiniType<T>): Promise<T> {
  const text = await readBodyText(request);
  let body: unknown = {};
  if (text.trim()) {
    if (mediaType(request) !== 'application/json') {
      throw new AppError('unsupported_media_type', 'Send the request body as application/json.');
    }
    try {
      body = JSON.parse(text);
    } catch {
      throw new AppError('bad_request', 'The request body must be valid JSON.');
    }
  }
  return schema.parse(body);
}
