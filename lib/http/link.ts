/**
 * A list's answer as a JSON array, with `Link: <…>; rel="next"` naming its next page (the
 * same path and query with `cursor`) when there is one.
 */
export function pagedResponse(request: Request, page: { items: unknown[]; nextCursor: string | null }): Response {
  const headers = new Headers();
  if (page.nextCursor) {
    const next = new URL(request.url);
    next.searchParams.set('cursor', page.nextCursor);
    headers.set('link', `<${next.pathname}${next.search}>; rel="next"`);
  }
  return Response.json(page.items, { headers });
}
