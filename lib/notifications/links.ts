// Where a notification takes its reader: the place on the envolvement it concerns.

export function commentLink(envolvementId: string, commentId: string): string {
  return `/envolvement/${envolvementId}?tab=activity#comment-${commentId}`;
}
