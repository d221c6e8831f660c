import 'server-only';
import { and, count, eq, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Viewer } from '@/lib/auth/types';
import { db } from '@/lib/db/client';
import { rows } from '@/lib/db/rows';
import { isPublishedSql } from '@/lib/envolvements/conditions';
import { bound, inOrder, PROFILE_PAGE_SIZE, type CardPage } from '@/lib/envolvements/list';
import { AppError } from '@/lib/http/errors';
import { decodeCursor, pageWindow } from '@/lib/paging/cursor';
import { findUserByIdOrSlug } from '@/lib/users/profile';
import { creatorRefSchema, INVALID_CREATOR } from '@/lib/validation/follows';
import { decodeSegment } from '@/lib/validation/users';
import { envolvements, follows, users } from '@/models';

// Following a creator: the follower's choice, read back only by them. The creator learns how
// many follow them, never who; nobody else learns either.

export type FollowState = { following: boolean };

export const USER_NOT_FOUND = 'User not found';
export const FOLLOW_SELF = "You can't follow yourself.";

/** The creator a path segment names, as given; a 400 for one that cannot name anybody. */
export function creatorRefOf(segment: string | undefined): string {
  const parsed = creatorRefSchema.safeParse(decodeSegment(segment));
  if (!parsed.success) throw new AppError('bad_request', INVALID_CREATOR);
  return parsed.data;
}

/** The live creator a path names (their id, the part after '|', or @handle); 404 when none. */
async function creatorIdOrThrow(ref: string): Promise<string> {
  const creator = await findUserByIdOrSlug(ref);
  if (!creator) throw new AppError('not_found', USER_NOT_FOUND);
  return creator.id;
}

/**
 * The viewer follows the creator; `created` is false when they already did. The insert reads
 * the creator's row in the same statement, so a creator whose account was deleted meanwhile
 * is a 404, not a follow of nobody.
 */
export async function followCreator(viewer: Viewer, ref: string): Promise<FollowState & { created: boolean }> {
  const creatorId = await creatorIdOrThrow(ref);
  if (creatorId === viewer.id) throw new AppError('bad_request', FOLLOW_SELF);
  const added = await rows<{ creator_id: string }>(sql`
    with live as (select id from ${users} where id = ${creatorId} and deleted_at is null)
    insert into ${follows} (follower_id, creator_id)
    select ${viewer.id}, id from live
    on conflict do nothing
    returning creator_id`);
  if (added.length === 0 && !(await isFollowing(viewer.id, creatorId))) {
    throw new AppError('not_found', USER_NOT_FOUND);
  }
  return { following: true, created: added.length > 0 };
}

/** The viewer stops following the creator; nothing to do when they did not. */
export async function unfollowCreator(viewer: Viewer, ref: string): Promise<FollowState> {
  const creatorId = await creatorIdOrThrow(ref);
  await db()
    .delete(follows)
    .where(and(eq(follows.followerId, viewer.id), eq(follows.creatorId, creatorId)));
  return { following: false };
}

/** Whether `followerId` follows `creatorId`. */
export async function isFollowing(followerId: string, creatorId: string): Promise<boolean> {
  const [row] = await db()
    .select({ creatorId: follows.creatorId })
    .from(follows)
    .where(and(eq(follows.followerId, followerId), eq(follows.creatorId, creatorId)))
    .limit(1);
  return Boolean(row);
}

/** Whether the viewer follows the creator a path names (404 when it names nobody). */
export async function isFollowingRef(viewer: Viewer, ref: string): Promise<FollowState> {
  return { following: await isFollowing(viewer.id, await creatorIdOrThrow(ref)) };
}

/** How many live accounts follow the creator: shown to the creator alone. */
export async function followerCount(creatorId: string): Promise<number> {
  const [row] = await db()
    .select({ n: count() })
    .from(follows)
    .innerJoin(users, eq(users.id, follows.followerId))
    .where(and(eq(follows.creatorId, creatorId), isNull(users.deletedAt)));
  return Number(row?.n ?? 0);
}

/** How many live creators the viewer follows: shown to the viewer on their feed. */
export async function followingCount(followerId: string): Promise<number> {
  const [row] = await db()
    .select({ n: count() })
    .from(follows)
    .innerJoin(users, eq(users.id, follows.creatorId))
    .where(and(eq(follows.followerId, followerId), isNull(users.deletedAt)));
  return Number(row?.n ?? 0);
}

const e = alias(envolvements, 'e');

/**
 * A page of the viewer's 'Following' feed: the published envolvements of the creators they
 * follow, newest first, on the same keyset cursor as every list of cards.
 */
export async function listFollowingFeed(viewerId: string, cursor: string | null = null): Promise<CardPage> {
  const { at, id } = bound(cursor ? decodeCursor(cursor) : null);
  const found = await rows<{ id: string; created_at: Date | string }>(sql`
    select e.id, e.created_at from ${envolvements} e
    join ${follows} f on f.creator_id = e.creator_id and f.follower_id = ${viewerId}
    where ${isPublishedSql(e)} and (e.created_at, e.id) < (${at}, ${id})
    order by e.created_at desc, e.id desc limit ${PROFILE_PAGE_SIZE + 1}`);
  const { rows: pageRows, nextCursor } = pageWindow(found, PROFILE_PAGE_SIZE, (row) => ({
    id: row.id,
    createdAt: new Date(row.created_at),
  }));
  return {
    items: await inOrder(
      pageRows.map((row) => row.id),
      viewerId,
    ),
    nextCursor,
  };
}
