import { UPDATE_NOT_FOUND } from '@/lib/comments/access';
import { createComment, listComments } from '@/lib/comments/service';
import { NOT_FOUND_MESSAGE } from '@/lib/envolvements/service';
import { authedRoute, parseId } from '@/lib/api/route';
import { commentPageQuerySchema, newCommentSchema } from '@/lib/validation/comments';

// GET /api/post/{id}/updates/{postId}/comments: a page of an update's comments with their replies
export const GET = authedRoute(
  async ({ params, query, viewer }) =>
    listComments(viewer, parseId(params.id, NOT_FOUND_MESSAGE), parseId(params.postId, UPDATE_NOT_FOUND), query.cursor),
  { query: commentPageQuerySchema },
);

// POST /api/post/{id}/updates/{postId}/comments: comment on an update, or reply to a comment
export const POST = authedRoute(
  async ({ params, body, viewer }) =>
    Response.json(
      await createComment(
        viewer,
        parseId(params.id, NOT_FOUND_MESSAGE),
        parseId(params.postId, UPDATE_NOT_FOUND),
        body,
      ),
      { status: 201 },
    ),
  { body: newCommentSchema, rateLimit: { name: 'comment', per: 'user' } },
);
