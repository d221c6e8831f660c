import 'server-only';
import { and, eq } from 'drizzle-orm';
import type { Viewer } from '@/lib/auth/types';
import { db } from '@/lib/db/client';
import { ACTIVITY_LOCKED, hasAccess } from '@/lib/envolvements/access';
import { assertNotRemoved, getEnvolvementOrThrow } from '@/lib/envolvements/service';
import { AppError } from '@/lib/http/errors';
import { comments, envolvements, posts, type CommentRow, type EnvolvementRow } from '@/models';

// Comments sit behind the Activity tab's rule: its creator and members in good standing
// read them, and write them while the envolvement allows comments and is not removed.

export const COMMENTS_OFF = 'Comments are turned off for this envolvement.';
export const UPDATE_NOT_FOUND = 'Update not found';
export const COMMENT_NOT_FOUND = 'Comment not found';

/** What a comment's rules need of its envolvement. */
export type CommentPlace = Pick<EnvolvementRow, 'id' | 'creatorId' | 'commentsAllowed' | 'archivedAt'>;

type Intent = 'read' | 'write';

async function assertMayComment(place: CommentPlace, viewer: Viewer, intent: Intent): Promise<void> {
  if (!(await hasAccess(place, viewer.id))) throw new AppError('forbidden', ACTIVITY_LOCKED);
  // Members keep reading a removed envolvement as it was; nothing is added to it.
  if (intent === 'write') assertNotRemoved(place);
  if (!place.commentsAllowed) throw new AppError('conflict', COMMENTS_OFF);
}

/** The envolvement and its update, once the viewer may read (or write) its comments. */
export async function openUpdate(
  viewer: Viewer,
  envolvementId: string,
  postId: string,
  intent: Intent,
): Promise<CommentPlace> {
  const envolvement = await getEnvolvementOrThrow(envolvementId);
  await assertMayComment(envolvement, viewer, intent);
  const [update] = await db()
    .select({ id: posts.id })
    .from(posts)
    .where(and(eq(posts.id, postId), eq(posts.envolvementId, envolvementId), eq(posts.kind, 'update')))
    .limit(1);
  if (!update) throw new AppError('not_found', UPDATE_NOT_FOUND);
  return envolvement;
}

/** A live comment and its envolvement, once the viewer may write on it; 404 when unknown or removed. */
export async function openComment(
  viewer: Viewer,
  commentId: string,
): Promise<{ comment: CommentRow; place: CommentPlace }> {
  const [found] = await db()
    .select({
      comment: comments,
      place: {
        id: envolvements.id,
        creatorId: envolvements.creatorId,
        commentsAllowed: envolvements.commentsAllowed,
        archivedAt: envolvements.archivedAt,
      },
    })
    .from(comments)
    .innerJoin(envolvements, eq(envolvements.id, comments.envolvementId))
    .where(eq(comments.id, commentId))
    .limit(1);
  if (!found) throw new AppError('not_found', COMMENT_NOT_FOUND);
  await assertMayComment(found.place, viewer, 'write');
  if (found.comment.deletedAt) throw new AppError('not_found', COMMENT_NOT_FOUND);
  return found;
}
