/** The API path of a list's next page, or null when the first page was all of it. */
export function nextPagePath(path: string, cursor: string | null): string | null {
  return cursor ? `${path}?cursor=${encodeURIComponent(cursor)}` : null;
}
