import 'server-only';
import { and, eq, isNotNull, isNull, notExists, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Viewer } from '@/lib/auth/types';
import { db } from '@/lib/db/client';
import { AppError } from '@/lib/http/errors';
import { commentLink } from '@/lib/notifications/links';
import { kindSql, notify } from '@/lib/notifications/write';
import type { Tx } from '@/lib/db/client';
import { publicNameSql } from '@/lib/users/public-name-sql';
import type { EditCommentInput, NewCommentInput } from '@/lib/validation/comments';
import { comments, envolvements, users } from '@/models';
import { COMMENT_NOT_FOUND, openComment, openUpdate } from './access';
import { commentPage, getCommentDto } from './queries';
import type { CommentDto, CommentPage, DeletedComment } from './types';

export const REPLY_TO_REPLY = 'You can only reply to a comment, not to a reply.';
export const PARENT_ELSEWHERE = 'You can only reply to a comment on the same update.';
export const PARENT_REMOVED = 'This comment was removed: it takes no more replies.';
export const NOT_YOUR_COMMENT = 'You can only edit your own comments.';
export const NOT_YOURS_TO_DELETE = 'You can only delete your own comments.';

/** A page of an update's comments, oldest first, with their replies. */
export async function listComments(
  viewer: Viewer,
  envolvementId: string,
  postId: string,
  cursor?: string,
): Promise<CommentPage> {
  const place = await openUpdate(viewer, envolvementId, postId, 'read');
  return commentPage(postId, { viewerId: viewer.id, place }, cursor);
}

type CommentEvent = {
  envolvementId: string;
  postId: string;
  commentId: string;
  actorId: string;
  parentId: string | null;
};

const actorName = publicNameSql(alias(users, 'u'));

/**
 * Someone commented on an update: the creator hears of it, unless they are the author of
 * the comment answered, who hears of it as a reply instead (one notification, not two).
 */
export function notifyCommentPosted(tx: Tx, event: CommentEvent) {
  return notify(
    tx,
    sql`select e.creator_id, u.id, ${kindSql('comment_posted')}, e.id,
      ${actorName} || ' commented on ' || p.title, ${commentLink(event.envolvementId, event.commentId)}
    from envolvements e join posts p on p.id = ${event.postId}::uuid join users u on u.id = ${event.actorId}
    where e.id = ${event.envolvementId}::uuid
      and not exists (select 1 from comments pc where pc.id = ${event.parentId}::uuid and pc.author_id = e.creator_id)`,
  );
}

/** Someone replied to a comment: its author hears of it. */
export function notifyCommentReplied(tx: Tx, event: CommentEvent) {
  return notify(
    tx,
    sql`select pc.author_id, u.id, ${kindSql('comment_replied')}, pc.envolvement_id,
      ${actorName} || ' replied to your comment on ' || p.title, ${commentLink(event.envolvementId, event.commentId)}
    from comments pc join posts p on p.id = pc.post_id join users u on u.id = ${event.actorId}
    where pc.id = ${event.parentId}::uuid`,
  );
}

// The comment answered must be a live top-level comment of the same update. It is locked
// until the reply is in, so it cannot be deleted in between.
async function assertRepliable(tx: Tx, parentId: string, postId: string): Promise<void> {
  const [parent] = await tx
    .select({ postId: comments.postId, parentId: comments.parentId, deletedAt: comments.deletedAt })
    .from(comments)
    .where(eq(comments.id, parentId))
    .for('share');
  if (!parent) throw new AppError('not_found', COMMENT_NOT_FOUND);
  if (parent.postId !== postId) throw new AppError('bad_request', PARENT_ELSEWHERE, { parentId: PARENT_ELSEWHERE });
  if (parent.parentId !== null) throw new AppError('bad_request', REPLY_TO_REPLY, { parentId: REPLY_TO_REPLY });
  if (parent.deletedAt) throw new AppError('conflict', PARENT_REMOVED);
}

/** The viewer comments on an update, or replies to a comment on it; the people concerned hear of it. */
export async function createComment(
  viewer: Viewer,
  envolvementId: string,
  postId: string,
  input: NewCommentInput,
): Promise<CommentDto> {
  const place = await openUpdate(viewer, envolvementId, postId, 'write');
  const parentId = input.parentId ?? null;
  const id = await db().transaction(async (tx) => {
    if (parentId) await assertRepliable(tx, parentId, postId);
    const [inserted] = await tx
      .insert(comments)
      .values({ envolvementId, postId, parentId, authorId: viewer.id, body: input.body })
      .returning({ id: comments.id });
    const event = { envolvementId, postId, commentId: inserted!.id, actorId: viewer.id, parentId };
    await notifyCommentPosted(tx, event);
    if (parentId) await notifyCommentReplied(tx, event);
    return inserted!.id;
  });
  return (await getCommentDto(id, { viewerId: viewer.id, place }))!;
}

/** The author changes the text of their comment. */
export async function editComment(viewer: Viewer, commentId: string, input: EditCommentInput): Promise<CommentDto> {
  const { comment, place } = await openComment(viewer, commentId);
  if (comment.authorId !== viewer.id) throw new AppError('forbidden', NOT_YOUR_COMMENT);
  const [edited] = await db()
    .update(comments)
    .set({ body: input.body, editedAt: sql`now()` })
    .where(and(eq(comments.id, commentId), eq(comments.authorId, viewer.id), isNull(comments.deletedAt)))
    .returning({ id: comments.id });
  if (!edited) throw new AppError('not_found', COMMENT_NOT_FOUND);
  return (await getCommentDto(commentId, { viewerId: viewer.id, place }))!;
}

// Its author, or the creator of its envolvement.
const mayDelete = (viewerId: string) =>
  or(
    eq(comments.authorId, viewerId),
    sql`exists (select 1 from ${envolvements} e where e.id = ${comments.envolvementId} and e.creator_id = ${viewerId})`,
  );

const repliesOf = (id: string) => sql`(select 1 from comments r where r.parent_id = ${id}::uuid)`;

/**
 * Deletes a comment: its author, or the creator of the envolvement. A comment with
 * replies keeps its place without its text, so the replies still answer something; once
 * the last reply of such a comment goes, it goes too.
 */
export async function deleteComment(viewer: Viewer, commentId: string): Promise<DeletedComment> {
  const { comment, place } = await openComment(viewer, commentId);
  if (comment.authorId !== viewer.id && place.creatorId !== viewer.id) {
    throw new AppError('forbidden', NOT_YOURS_TO_DELETE);
  }
  const { parentId } = comment;
  const kept = await db().transaction(async (tx) => {
    // The parent first, then the comment, and the replies counted only once both are held
    // (in a statement of its own, which sees a reply committed while this one waited).
    if (parentId) await tx.select({ id: comments.id }).from(comments).where(eq(comments.id, parentId)).for('update');
    const [locked] = await tx
      .select({ id: comments.id })
      .from(comments)
      .where(and(eq(comments.id, commentId), isNull(comments.deletedAt), mayDelete(viewer.id)))
      .for('update');
    if (!locked) throw new AppError('not_found', COMMENT_NOT_FOUND);
    const [reply] = await tx
      .select({ id: comments.id })
      .from(comments)
      .where(eq(comments.parentId, commentId))
      .limit(1);
    if (reply) {
      await tx
        .update(comments)
        .set({ body: '', deletedAt: sql`now()` })
        .where(eq(comments.id, commentId));
      return true;
    }
    await tx.delete(comments).where(eq(comments.id, commentId));
    if (parentId) {
      await tx
        .delete(comments)
        .where(and(eq(comments.id, parentId), isNotNull(comments.deletedAt), notExists(repliesOf(parentId))));
    }
    return false;
  });
  return { deleted: true, id: commentId, kept };
}
