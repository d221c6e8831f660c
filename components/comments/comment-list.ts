// How the comments shown change as pages arrive and comments are written: pure, so the
// list stays in the server's order (oldest first, replies under their comment).
import type { CommentDto } from '@/lib/comments/types';

/** The next page after what is shown; a comment already shown (written here) is not repeated. */
export function appendPage(shown: CommentDto[], page: CommentDto[]): CommentDto[] {
  const ids = new Set(shown.map((c) => c.id));
  return [...shown, ...page.filter((c) => !ids.has(c.id))];
}

/** A comment just written: last of the list, or last of its comment's replies. */
export function addComment(shown: CommentDto[], comment: CommentDto): CommentDto[] {
  if (comment.parentId === null) return [...shown, { ...comment, replies: comment.replies ?? [] }];
  return shown.map((c) => (c.id === comment.parentId ? { ...c, replies: [...(c.replies ?? []), comment] } : c));
}

/** A comment as the server now has it (after an edit). */
export function replaceComment(shown: CommentDto[], comment: CommentDto): CommentDto[] {
  return shown.map((c) => {
    if (c.id === comment.id) return { ...comment, replies: comment.replies ?? c.replies };
    if (c.id !== comment.parentId) return c;
    return { ...c, replies: c.replies?.map((r) => (r.id === comment.id ? comment : r)) };
  });
}

/**
 * A comment deleted: kept as removed when replies hold it in place, else gone; a removed
 * comment whose last reply went goes too (as on the server).
 */
export function dropComment(shown: CommentDto[], id: string, kept: boolean): CommentDto[] {
  if (kept) {
    return shown.map((c) => (c.id === id ? { ...c, body: '', removed: true, canDelete: false } : c));
  }
  return shown.flatMap((c) => {
    if (c.id === id) return [];
    const replies = c.replies?.filter((r) => r.id !== id);
    if (replies && replies.length !== c.replies?.length && c.removed && replies.length === 0) return [];
    return [{ ...c, replies }];
  });
}
