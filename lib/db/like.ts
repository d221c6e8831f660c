/**
 * A LIKE pattern matching `text` anywhere, with LIKE's own wildcards (% and _) and its
 * escape character taken literally, as a person typing a search means them.
 */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
