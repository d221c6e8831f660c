import { ZodError } from 'zod';
import { logError } from '@/lib/log';

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
export type FieldErrors = Record<string, string>;

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

/** The first message of each field of a zod error, keyed by the field's dotted path. */
export function fieldErrorsOf(error: ZodError): FieldErrors {
  const fields: FieldErrors = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.join('.') : '_';
    fields[key] ??= issue.message;
  }
  return fields;
}

export function toErrorResponse(error: unknown): Response {
  if (error instanceof AppError) {
    return Response.json(
      { error: error.message, code: error.code, ...(error.fields ? { fields: error.fields } : {}) },
      { status: error.status },
    );
  }
  if (error instanceof ZodError) {
    const fields = fieldErrorsOf(error);
    const first = Object.values(fields)[0] ?? 'Invalid request';
    return Response.json({ error: first, code: 'bad_request', fields }, { status: 400 });
  }
  logError('api', error);
  return Response.json({ error: 'Something went wrong. Please try again later.', code: 'internal' }, { status: 500 });
}
