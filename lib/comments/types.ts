// A comment as the API and the Activity tab read it. Dates are ISO strings.

/** `name` is the name shown for them (publicName), `nickname` their handle. */
export type CommentAuthorDto = { id: string; name: string; nickname: string; picture: string | null };

export type CommentDto = {
  id: string;
  postId: string;
  /** The comment this one answers; null for a comment on the update itself. */
  parentId: string | null;
  /** Empty once removed. */
  body: string;
  author: CommentAuthorDto;
  createdAt: string;
  editedAt: string | null;
  /** Removed while it had replies: kept in its place, without its text. */
  removed: boolean;
  /** Written by the viewer: theirs to edit and delete. */
  mine: boolean;
  /** The viewer may delete it: their own, or any on the creator's envolvement. */
  canDelete: boolean;
  /** A top-level comment's replies, oldest first, all of them; absent on a reply. */
  replies?: CommentDto[];
};

export type CommentPage = { items: CommentDto[]; nextCursor: string | null };

/** DELETE /api/comments/{commentId}: `kept` when replies hold the comment in place, removed. */
export type DeletedComment = { deleted: true; id: string; kept: boolean };
