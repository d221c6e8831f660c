import 'server-only';
import { and, asc, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import { db } from '@/lib/db/client';
import { publicName } from '@/lib/domain/public-name';
import { AppError } from '@/lib/http/errors';
import { userCardColumns, type UserCard } from '@/lib/users/columns';
import { COMMENT_LIMITS } from '@/lib/validation/comments';
import { isUuid } from '@/lib/validation/ids';
import { comments, users, type CommentRow } from '@/models';
import type { CommentPlace } from './access';
import type { CommentDto, CommentPage } from './types';

const columns = {
  id: comments.id,
  postId: comments.postId,
  parentId: comments.parentId,
  authorId: comments.authorId,
  body: comments.body,
  createdAt: comments.createdAt,
  editedAt: comments.editedAt,
  deletedAt: comments.deletedAt,
};

type Comment = Pick<CommentRow, keyof typeof columns>;

/** Who is reading, and where: what `mine` and `canDelete` depend on. */
export type Reader = { viewerId: string; place: CommentPlace };

export function toCommentDto(comment: Comment, author: UserCard, { viewerId, place }: Reader): CommentDto {
  const removed = comment.deletedAt !== null;
  const mine = comment.authorId === viewerId;
  return {
    id: comment.id,
    postId: comment.postId,
    parentId: comment.parentId,
    body: removed ? '' : comment.body,
    // A name that holds an e-mail address (some sign-in providers fill one in) is not shown.
    author: { id: author.id, name: publicName(author), nickname: author.nickname, picture: author.picture },
    createdAt: comment.createdAt.toISOString(),
    editedAt: comment.editedAt?.toISOString() ?? null,
    removed,
    mine,
    canDelete: !removed && !place.archivedAt && (mine || viewerId === place.creatorId),
  };
}

type ThreadRow = { comment: Comment; author: UserCard; cursorAt: string };

// The comments' own time to the microsecond, as text: a cursor cut to JavaScript's
// milliseconds would skip comments posted earlier within the same millisecond.
const cursorAt = sql<string>`to_char(${comments.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US')`;

type Page = ReturnType<typeof pageOf>;

/** Comments with their authors, oldest first (a top-level comment before its replies). */
function selectThreads(where: SQL | undefined, page?: Page): Promise<ThreadRow[]> {
  return (page ? db().with(page) : db())
    .select({ comment: columns, author: userCardColumns, cursorAt })
    .from(comments)
    .innerJoin(users, eq(users.id, comments.authorId))
    .where(where)
    .orderBy(asc(comments.createdAt), asc(comments.id));
}

/** Top-level comments in their order, each with its replies. */
function toThreads(rows: ThreadRow[], reader: Reader): Array<CommentDto & { cursorAt: string }> {
  const threads = new Map<string, CommentDto & { cursorAt: string }>();
  for (const { comment, author, cursorAt: at } of rows) {
    const dto = toCommentDto(comment, author, reader);
    if (comment.parentId === null) threads.set(comment.id, { ...dto, replies: [], cursorAt: at });
    else threads.get(comment.parentId)?.replies!.push(dto);
  }
  return [...threads.values()];
}

const withoutCursor = ({ cursorAt: _, ...dto }: CommentDto & { cursorAt: string }): CommentDto => dto;

/** One comment as the viewer reads it; a top-level one with its replies. */
export async function getCommentDto(id: string, reader: Reader): Promise<CommentDto | null> {
  const rows = await selectThreads(or(eq(comments.id, id), eq(comments.parentId, id)));
  const own = rows.find((row) => row.comment.id === id);
  if (!own) return null;
  if (own.comment.parentId !== null) return toCommentDto(own.comment, own.author, reader);
  return withoutCursor(toThreads(rows, reader)[0]!);
}

function encodeCursor(at: string, id: string): string {
  return Buffer.from(`${at}|${id}`).toString('base64url');
}

// A cursor comes back from the client: anything the casts below would refuse is a 400.
function decodeCursor(cursor: string): { at: string; id: string } {
  const [at, id, ...rest] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  if (!at || !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}$/.test(at) || !isUuid(id) || rest.length > 0) {
    throw new AppError('bad_request', 'Invalid cursor');
  }
  return { at, id };
}

// The page's top-level comments, one more than a page to tell whether another follows.
function pageOf(postId: string, after: { at: string; id: string } | null) {
  return db()
    .$with('page')
    .as(
      db()
        .select({ id: comments.id })
        .from(comments)
        .where(
          and(
            eq(comments.postId, postId),
            isNull(comments.parentId),
            after
              ? sql`(${comments.createdAt}, ${comments.id}) > (${after.at}::timestamp at time zone 'UTC', ${after.id}::uuid)`
              : undefined,
          ),
        )
        .orderBy(asc(comments.createdAt), asc(comments.id))
        .limit(COMMENT_LIMITS.pageSize + 1),
    );
}

/**
 * A page of an update's comments, oldest first, each with all its replies: the page's
 * top-level comments and their replies in one query. The cursor is the last comment's
 * position, so one deleted meanwhile does not lose the place.
 */
export async function commentPage(postId: string, reader: Reader, cursor?: string): Promise<CommentPage> {
  const page = pageOf(postId, cursor ? decodeCursor(cursor) : null);
  const inPage = db().select({ id: page.id }).from(page);
  const rows = await selectThreads(or(inArray(comments.id, inPage), inArray(comments.parentId, inPage)), page);
  const threads = toThreads(rows, reader);
  const items = threads.slice(0, COMMENT_LIMITS.pageSize);
  const last = items[items.length - 1];
  return {
    items: items.map(withoutCursor),
    nextCursor: threads.length > items.length && last ? encodeCursor(last.cursorAt, last.id) : null,
  };
}
