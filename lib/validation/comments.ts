import { z } from 'zod/mini';
import { requiredText } from './text';

// A comment on an update: one schema for the comment form and the handlers.

export const COMMENT_LIMITS = {
  /** Characters of a comment, after trimming. */
  body: 2000,
  /** Top-level comments per page; each comes with all its replies. */
  pageSize: 20,
} as const;

export const COMMENT_MESSAGES = {
  bodyRequired: 'Write a comment first.',
  bodyTooLong: `A comment must be ${COMMENT_LIMITS.body} characters or fewer.`,
  invalidParent: 'The comment to reply to is not valid.',
} as const;

export const commentBodySchema = requiredText(
  'Comment',
  { required: COMMENT_MESSAGES.bodyRequired, max: COMMENT_LIMITS.body, tooLong: COMMENT_MESSAGES.bodyTooLong },
  { multiline: true },
);

/** POST /api/post/{id}/updates/{postId}/comments: a comment, or a reply to one. */
export const newCommentSchema = z.object({
  body: commentBodySchema,
  parentId: z.nullish(z.uuid({ error: COMMENT_MESSAGES.invalidParent })),
});

export type NewCommentInput = z.infer<typeof newCommentSchema>;

/** PATCH /api/comments/{commentId}: the comment's new text. */
export const editCommentSchema = z.object({ body: commentBodySchema });

export type EditCommentInput = z.infer<typeof editCommentSchema>;

export const commentPageQuerySchema = z.object({ cursor: z.optional(z.string().check(z.maxLength(200))) });
