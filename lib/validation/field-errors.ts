// Errors by field as the forms show them: plain data, no zod, so a page can show them
// before the code that checks its fields (check.ts) has loaded.

export type Checked<T> = { ok: true; data: T } | { ok: false; fields: FieldErrors; error: string };

/** Messages by field, keyed by the field's dotted path ('price.price'); '_' for the whole input. */
export type FieldErrors = Record<string, string>;

/**
 * The message a form shows at one field: the error at `path` or, failing that, the first
 * one inside it ('categories' shows 'categories.1', 'price' shows 'price.price').
 */
export function fieldError(fields: FieldErrors, path: string): string | undefined {
  if (fields[path] !== undefined) return fields[path];
  const inside = Object.keys(fields).find((key) => key.startsWith(`${path}.`));
  return inside === undefined ? undefined : fields[inside];
}
