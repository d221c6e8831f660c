/** The API path of a list's next page, or null when the first page was all of it. */
export function nextPagePath(path: string, cursor: string | null): string | null {
  // A path may already name its list (`?section=ended`): the cursor joins that query.
  return cursor ? `${path}${path.includes('?') ? '&' : '?'}cursor=${encodeURIComponent(cursor)}` : null;
}
