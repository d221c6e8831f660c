import { z } from 'zod/mini';
import { isDatabaseUnavailable, reportDatabaseError, RETRY_AFTER_SECONDS } from '@/lib/db/availability';
import { logError, logWarn } from '@/lib/log';
import { fieldErrorsOf } from '@/lib/validation/check';
import type { FieldErrors } from '@/lib/validation/field-errors';

const STATUS = {
  bad_request: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  method_not_allowed: 405,
  conflict: 409,
  gone: 410,
  too_large: 413,
  unsupported_media_type: 415,
  rate_limited: 429,
  unavailable: 503,
} as const;

export type ErrorCode = keyof typeof STATUS;

/** An expected failure: its message is shown to the user as it is. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly fields?: FieldErrors;

  constructor(code: ErrorCode, message: string, fields?: FieldErrors) {
    super(message);
    this.name = 'AppError';
    this.code = code;
    this.fields = fields;
  }

  get status(): number {
    return STATUS[this.code];
  }
}

export function toErrorResponse(error: unknown): Response {
  if (error instanceof AppError) {
    return Response.json(
      { error: error.message, code: error.code, ...(error.fields ? { fields: error.fields } : {}) },
      { status: error.status },
    );
  }
  if (error instanceof z.core.$ZodError) {
    const fields = fieldErrorsOf(error);
    const first = Object.values(fields)[0] ?? 'Invalid request';
    return Response.json({ error: first, code: 'bad_request', fields }, { status: 400 });
  }
  const unavailable = unavailableBecause(error);
  if (unavailable) {
    logWarn('api', `${unavailable} is unavailable: answered 503`);
    return Response.json(
      { error: UNAVAILABLE_MESSAGE, code: 'unavailable' },
      { status: 503, headers: { 'Retry-After': String(RETRY_AFTER_SECONDS) } },
    );
  }
  logError('api', error);
  return Response.json({ error: 'Something went wrong. Please try again later.', code: 'internal' }, { status: 500 });
}

export const UNAVAILABLE_MESSAGE = 'Envolve is briefly unavailable. Please try again in a moment.';

// A dependency that cannot answer now (the database, Stripe's API) is not a bug of ours:
// the client is told to come back, and a database found down is watched until it answers.
function unavailableBecause(error: unknown): string | null {
  if (isDatabaseUnavailable(error)) {
    reportDatabaseError(error);
    return 'the database';
  }
  const type = (error as { type?: unknown } | null)?.type;
  if (type === 'StripeConnectionError') return "Stripe's API";
  return null;
}
