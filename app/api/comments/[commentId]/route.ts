import { COMMENT_NOT_FOUND } from '@/lib/comments/access';
import { deleteComment, editComment } from '@/lib/comments/service';
import { authedRoute, parseId } from '@/lib/api/route';
import { editCommentSchema } from '@/lib/validation/comments';

// PATCH /api/comments/{commentId}: the author edits their comment
export const PATCH = authedRoute(
  async ({ params, body, viewer }) => editComment(viewer, parseId(params.commentId, COMMENT_NOT_FOUND), body),
  { body: editCommentSchema, rateLimit: { name: 'comment', per: 'user' } },
);

// DELETE /api/comments/{commentId}: the author, or the envolvement's creator, deletes a comment
export const DELETE = authedRoute(
  async ({ params, viewer }) => deleteComment(viewer, parseId(params.commentId, COMMENT_NOT_FOUND)),
  { rateLimit: { name: 'comment', per: 'user' } },
);
