import { z } from 'zod/mini';

export type TextOptions = {
  /** A textarea's text: line breaks (\n, or \r\n) and tabs are allowed in it. */
  multiline?: boolean;
};

// Control characters (C0, DEL, C1) and lone halves of a surrogate pair. PostgreSQL refuses
// a NUL in a text value outright, a lone surrogate is not text at all (the drivers turn it
// into U+FFFD on the way to the database), and the rest hide in what people read.
// With the `u` flag a well-formed pair is one code point, so only lone halves match.
const SINGLE_LINE_FORBIDDEN = /[\u0000-\u001f\u007f-\u009f\ud800-\udfff]/u;
// A textarea may hold tabs and line breaks; a carriage return only as part of \r\n.
const MULTILINE_FORBIDDEN = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\ud800-\udfff]|\r(?!\n)/u;

/** Whether `value` holds a character no text field takes (see `checkText`). */
export function hasForbiddenCharacters(value: string, options: TextOptions = {}): boolean {
  return (options.multiline ? MULTILINE_FORBIDDEN : SINGLE_LINE_FORBIDDEN).test(value);
}

export function forbiddenCharactersMessage(label: string): string {
  return `${label} contains characters that are not allowed.`;
}

/**
 * The check every schema that takes user text ends with:
 * `z.string().check(z.trim(), z.maxLength(200, '…'), checkText('Title'))`. It comes last so
 * that the field's own messages (required, too long) still come first, and it sees the
 * trimmed value, so a trailing newline that trimming removes is no reason to refuse.
 */
export function checkText(label: string, options: TextOptions = {}): z.core.$ZodCheck<string> {
  return z.refine<string>((value) => !hasForbiddenCharacters(value, options), forbiddenCharactersMessage(label));
}

/** What a required text field says and how long it may be. */
type RequiredTextRule = { required: string; max: number; tooLong: string };

/**
 * A text field that must be filled in: trimmed, then refused when empty, too long, or
 * holding a character no field takes. Each message is the field's own, in that order.
 */
export function requiredText(label: string, rule: RequiredTextRule, options: TextOptions = {}) {
  return z
    .string({ error: rule.required })
    .check(z.trim(), z.minLength(1, rule.required), z.maxLength(rule.max, rule.tooLong), checkText(label, options));
}
