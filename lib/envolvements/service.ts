import 'server-only';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Viewer } from '@/lib/auth/types';
import { db } from '@/lib/db/client';
import { AppError } from '@/lib/http/errors';
import {
  createEnvolvementSchema,
  editEnvolvementSchema,
  envolvementFieldErrors,
  MESSAGES,
  updatePostSchema,
} from '@/lib/validation/envolvement';
import { envolvements, posts, users, type EnvolvementRow } from '@/models';
import { getEnvolvementForViewer, getEnvolvementRow } from './queries';
import { dollarsToCents, REMOVED_MESSAGE } from './rules';
import { toActivityPostDto } from './serialize';
import type { ActivityPostDto, EnvolvementDto } from './types';

export const NOT_FOUND_MESSAGE = 'Envolvement not found';

/** Parses a body with an envolvement schema; failures carry the spec's messages per field. */
function parseEnvolvement<S extends z.ZodType>(schema: S, body: unknown): z.infer<S> {
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw new AppError('bad_request', MESSAGES.fixErrors, envolvementFieldErrors(parsed.error));
  return parsed.data;
}

export async function getEnvolvementOrThrow(id: string): Promise<EnvolvementRow> {
  const row = await getEnvolvementRow(id);
  if (!row) throw new AppError('not_found', NOT_FOUND_MESSAGE);
  return row;
}

/** The row, when `viewer` created it; 404 when unknown, 403 for anyone else. */
export async function getOwnEnvolvementOrThrow(viewer: Viewer, id: string, action: string): Promise<EnvolvementRow> {
  const row = await getEnvolvementOrThrow(id);
  if (row.creatorId !== viewer.id) throw new AppError('forbidden', `Only the creator can ${action} this envolvement.`);
  return row;
}

/** A removed (archived) envolvement is kept for its members as it was: nothing changes it. */
export function assertNotRemoved(row: Pick<EnvolvementRow, 'archivedAt'>): void {
  if (row.archivedAt) throw new AppError('gone', REMOVED_MESSAGE);
}

/** Publishes a new envolvement for the signed-in creator: inactive, submissions closed. */
export async function createEnvolvement(viewer: Viewer, body: unknown): Promise<{ id: string }> {
  const input = parseEnvolvement(createEnvolvementSchema, body);
  const priceCents = input.price.free ? 0 : dollarsToCents(input.price.price ?? 0);
  const unlimited = input.quantity.unlimited;
  const submissionsAllowed = input.submissions.submissionsAllowed;
  const [row] = await db()
    .insert(envolvements)
    .values({
      creatorId: viewer.id,
      title: input.title,
      previewText: input.previewText,
      description: input.description,
      imgUrl: input.imgUrl,
      categories: input.categories,
      priceCents,
      unlimited,
      quantity: unlimited ? 0 : (input.quantity.quantity ?? 0),
      endDate: input.endDate.none ? null : input.endDate.endDate,
      targetDate: input.targetEnvolvmentDate,
      isActive: false,
      commentsAllowed: input.comments,
      submissionsAllowed,
      submissionsActive: false,
      submissionDescription: submissionsAllowed ? input.submissions.submissionDescription : '',
      submissionDeadline: submissionsAllowed ? input.submissions.submissionDeadline : null,
      submissionPicture: submissionsAllowed && input.submissions.submissionContent.picture,
      submissionText: submissionsAllowed && input.submissions.submissionContent.description,
      submissionUrl: submissionsAllowed && input.submissions.submissionContent.url,
      published: input.published.published,
      publishedReleaseDate: input.published.published ? input.published.publishedReleaseDate : null,
    })
    .returning({ id: envolvements.id });
  return { id: row!.id };
}

/**
 * Applies the edit payload. The creator, the buyers and the count of buyers are never
 * taken from the body.
 */
export async function updateEnvolvement(viewer: Viewer, id: string, body: unknown): Promise<EnvolvementDto> {
  const existing = await getOwnEnvolvementOrThrow(viewer, id, 'edit');
  assertNotRemoved(existing);
  const input = parseEnvolvement(editEnvolvementSchema, body);

  const price = input.price?.price;
  const priceCents = price === null || price === undefined || input.price?.free ? 0 : dollarsToCents(price);
  const quantity = input.quantity?.quantity;
  const unlimited = quantity === null || quantity === undefined || Boolean(input.quantity?.unlimited);
  if (!unlimited && quantity! < existing.currentCount) {
    throw new AppError('bad_request', MESSAGES.fixErrors, {
      quantity: `Quantity cannot be less than the ${existing.currentCount} people who already joined`,
    });
  }
  const endDate = !input.endDate || input.endDate.none ? null : input.endDate.endDate;
  const content = input.submissions?.submissionContent;
  const submissionTypes = content
    ? { submissionPicture: content.picture, submissionText: content.description, submissionUrl: content.url }
    : {};
  const submissionsActive = input.submissions?.submissionsActive ?? existing.submissionsActive;
  const anyType = content
    ? content.picture || content.description || content.url
    : existing.submissionPicture || existing.submissionText || existing.submissionUrl;
  if (submissionsActive && !existing.submissionsActive && !anyType) {
    throw new AppError('bad_request', 'Choose at least one submission type before opening submissions.');
  }

  await db()
    .update(envolvements)
    .set({
      title: input.title,
      previewText: input.previewText,
      description: input.description,
      imgUrl: input.imgUrl,
      categories: input.categories,
      priceCents,
      unlimited,
      quantity: unlimited ? 0 : quantity!,
      endDate,
      targetDate: input.targetEnvolvmentDate,
      isActive: input.isActive ?? input.active ?? existing.isActive,
      submissionsAllowed: input.submissions?.submissionsAllowed ?? (existing.submissionsAllowed || submissionsActive),
      submissionsActive,
      ...submissionTypes,
      ...(input.published
        ? {
            published: input.published.published,
            publishedReleaseDate: input.published.published ? input.published.publishedReleaseDate : null,
          }
        : {}),
      updatedAt: new Date(),
    })
    .where(and(eq(envolvements.id, id), eq(envolvements.creatorId, viewer.id)));
  return (await getEnvolvementForViewer(id, viewer.id))!;
}

const authorColumns = { id: users.id, nickname: users.nickname, name: users.name, picture: users.picture };

/** Updates and comments of an envolvement, oldest first. */
export async function listPosts(envolvementId: string, kind?: 'update' | 'comment'): Promise<ActivityPostDto[]> {
  await getEnvolvementOrThrow(envolvementId);
  const rows = await db()
    .select({ post: posts, author: authorColumns })
    .from(posts)
    .innerJoin(users, eq(users.id, posts.authorId))
    .where(
      kind ? and(eq(posts.envolvementId, envolvementId), eq(posts.kind, kind)) : eq(posts.envolvementId, envolvementId),
    )
    .orderBy(asc(posts.createdAt), asc(posts.id));
  return rows.map((r) => toActivityPostDto(r.post, r.author));
}

/** Posts an update on the creator's own envolvement. */
export async function addUpdate(viewer: Viewer, envolvementId: string, body: unknown): Promise<ActivityPostDto> {
  assertNotRemoved(await getOwnEnvolvementOrThrow(viewer, envolvementId, 'post updates on'));
  const parsed = updatePostSchema.safeParse(body);
  if (!parsed.success) {
    throw new AppError('bad_request', parsed.error.issues[0]!.message, envolvementFieldErrors(parsed.error));
  }
  const [post] = await db()
    .insert(posts)
    .values({ envolvementId, authorId: viewer.id, kind: 'update', ...parsed.data })
    .returning();
  await db()
    .update(envolvements)
    .set({ updatedAt: sql`now()` })
    .where(eq(envolvements.id, envolvementId));
  return toActivityPostDto(post!, {
    id: viewer.id,
    nickname: viewer.nickname,
    name: viewer.name,
    picture: viewer.picture,
  });
}
