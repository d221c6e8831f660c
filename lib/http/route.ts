import type { NextRequest } from 'next/server';
import { z, type ZodType } from 'zod';
import { getViewerFromRequest, type Viewer } from '@/lib/auth/viewer';
import { AppError, toErrorResponse } from './errors';

type RouteContext = { params: Promise<Record<string, string | string[]>> };

type Handler<V> = (ctx: {
  request: NextRequest;
  params: Record<string, string>;
  viewer: V;
}) => Promise<Response | unknown>;

function toResponse(result: unknown): Response {
  return result instanceof Response ? result : Response.json(result ?? null);
}

function flatten(params: Record<string, string | string[]>): Record<string, string> {
  return Object.fromEntries(Object.entries(params).map(([k, v]) => [k, Array.isArray(v) ? v.join('/') : v]));
}

/** A route handler open to everyone; `viewer` is null when signed out. */
export function publicRoute(handler: Handler<Viewer | null>) {
  return async (request: NextRequest, context: RouteContext): Promise<Response> => {
    try {
      const [viewer, params] = await Promise.all([getViewerFromRequest(request), context?.params]);
      return toResponse(await handler({ request, params: flatten(params ?? {}), viewer }));
    } catch (error) {
      return toErrorResponse(error);
    }
  };
}

/** A route handler for signed-in users: 401 before the body runs when there is no session. */
export function authedRoute(handler: Handler<Viewer>) {
  return publicRoute(async (ctx) => {
    if (!ctx.viewer) throw new AppError('unauthorized', 'You must be signed in to do this.');
    return handler({ ...ctx, viewer: ctx.viewer });
  });
}

/** Reads and validates a JSON body; a body that is not JSON is a 400, never a 500. */
export async function readJson<T>(request: Request, schema: ZodType<T>): Promise<T> {
  let body: unknown;
  try {
    const text = await request.text();
    body = text.trim() ? JSON.parse(text) : {};
  } catch {
    throw new AppError('bad_request', 'The request body must be valid JSON.');
  }
  return schema.parse(body);
}

/** Reads a multipart form; anything else is a 400. */
export async function readForm(request: Request): Promise<FormData> {
  try {
    return await request.formData();
  } catch {
    throw new AppError('bad_request', 'The request must be multipart form data.');
  }
}

export const uuidParam = z.string().uuid();

/** An id from the path; a malformed one names nothing, so it is a 404 like an unknown one. */
export function parseId(value: string | undefined, notFoundMessage: string): string {
  const parsed = uuidParam.safeParse(value);
  if (!parsed.success) throw new AppError('not_found', notFoundMessage);
  return parsed.data;
}
