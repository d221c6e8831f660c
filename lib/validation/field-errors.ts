import { en } from 'zod/locales';
import { z } from 'zod/mini';

// zod/mini words its issues only in a locale it is given (classic zod loaded English on
// its own): without one, a check that carries no message of its own reads 'Invalid input'.
// The server and the forms read every message through this file, so it sets the locale.
z.config(en());

/** Messages by field, keyed by the field's dotted path ('price.price'); '_' for the whole input. */
export type FieldErrors = Record<string, string>;

/** The first message of each field of a zod error. The server and the forms both use it. */
export function fieldErrorsOf(error: z.core.$ZodError): FieldErrors {
  const fields: FieldErrors = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.join('.') : '_';
    fields[key] ??= issue.message;
  }
  return fields;
}

export type Checked<T> = { ok: true; data: T } | { ok: false; fields: FieldErrors; error: string };

/** Checks a form's values with the schema its handler uses, before anything is sent. */
export function checkWith<T>(schema: z.ZodMiniType<T>, values: unknown): Checked<T> {
  const parsed = schema.safeParse(values);
  if (parsed.success) return { ok: true, data: parsed.data };
  const fields = fieldErrorsOf(parsed.error);
  return { ok: false, fields, error: Object.values(fields)[0] ?? 'Please check the form.' };
}

/**
 * The message a form shows at one field: the error at `path` or, failing that, the first
 * one inside it ('categories' shows 'categories.1', 'price' shows 'price.price').
 */
export function fieldError(fields: FieldErrors, path: string): string | undefined {
  if (fields[path] !== undefined) return fields[path];
  const inside = Object.keys(fields).find((key) => key.startsWith(`${path}.`));
  return inside === undefined ? undefined : fields[inside];
}
