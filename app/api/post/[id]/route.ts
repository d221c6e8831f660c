import { z } from 'zod';
import { hasAccess } from '@/lib/envolvements/access';
import { getEnvolvementForViewer } from '@/lib/envolvements/queries';
import { deleteEnvolvement } from '@/lib/envolvements/removal';
import { maySee, REMOVED_MESSAGE } from '@/lib/envolvements/rules';
import { NOT_FOUND_MESSAGE, updateEnvolvement } from '@/lib/envolvements/service';
import { AppError } from '@/lib/http/errors';
import { authedRoute, parseId, publicRoute, readJson } from '@/lib/http/route';

// GET /api/post/{id}: one envolvement; its updates only for the creator and members
export const GET = publicRoute(async ({ params, viewer }) => {
  const id = parseId(params.id, NOT_FOUND_MESSAGE);
  const envolvement = await getEnvolvementForViewer(id, viewer?.id ?? null);
  if (!envolvement) throw new AppError('not_found', NOT_FOUND_MESSAGE);
  if (!maySee(envolvement, viewer?.id ?? null)) throw new AppError('gone', REMOVED_MESSAGE);
  const canSee = await hasAccess({ id, creatorId: envolvement.userID }, viewer?.id ?? null);
  return canSee ? envolvement : { ...envolvement, activityPost: [] };
});

// PUT /api/post/{id}: the creator edits their envolvement
export const PUT = authedRoute(async ({ request, params, viewer }) => {
  const id = parseId(params.id, NOT_FOUND_MESSAGE);
  const body = await readJson(request, z.unknown());
  return updateEnvolvement(viewer, id, body);
});

// DELETE /api/post/{id}: the creator deletes their envolvement (archived when people joined it)
export const DELETE = authedRoute(async ({ params, viewer }) => {
  const id = parseId(params.id, NOT_FOUND_MESSAGE);
  const removal = await deleteEnvolvement(viewer, id);
  return { deleted: true, _id: id, ...removal };
});
