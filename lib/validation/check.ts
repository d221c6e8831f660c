import { en } from 'zod/locales';
import { z } from 'zod/mini';
import type { Checked, FieldErrors } from './field-errors';

// zod/mini words its issues only in a locale it is given (classic zod loaded English on
// its own): without one, a check that carries no message of its own reads 'Invalid input'.
// The server and the forms read every message through this file, so it sets the locale.
z.config(en());

/** The first message of each field of a zod error. The server and the forms both use it. */
export function fieldErrorsOf(error: z.core.$ZodError): FieldErrors {
  const fields: FieldErrors = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.join('.') : '_';
    fields[key] ??= issue.message;
  }
  return fields;
}

/** Checks a form's values with the schema its handler uses, before anything is sent. */
export function checkWith<T>(schema: z.ZodMiniType<T>, values: unknown): Checked<T> {
  const parsed = schema.safeParse(values);
  if (parsed.success) return { ok: true, data: parsed.data };
  const fields = fieldErrorsOf(parsed.error);
  return { ok: false, fields, error: Object.values(fields)[0] ?? 'Please check the form.' };
}
