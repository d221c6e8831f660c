import { getEnvolvementView } from '@/lib/envolvements/queries';
import { deleteEnvolvement } from '@/lib/creator/removal';
import { REMOVED_MESSAGE, visibilityFor } from '@/lib/envolvements/rules';
import { NOT_FOUND_MESSAGE } from '@/lib/envolvements/service';
import { updateEnvolvement } from '@/lib/creator/envolvements';
import { AppError } from '@/lib/http/errors';
import { authedRoute, parseId, publicRoute } from '@/lib/api/route';
import { editEnvolvementSchema } from '@/lib/validation/envolvement';
import { MESSAGES } from '@/lib/validation/envolvement-limits';
import { siteCurrency } from '@/lib/stripe/config';

// GET /api/post/{id}: one envolvement; its updates only for the creator and members, a draft only for them
export const GET = publicRoute(async ({ params, viewer }) => {
  const view = await getEnvolvementView(parseId(params.id, NOT_FOUND_MESSAGE), viewer?.id ?? null);
  const visibility = view ? visibilityFor(view.envolvement, viewer?.id ?? null) : 'not_found';
  if (visibility === 'not_found') throw new AppError('not_found', NOT_FOUND_MESSAGE);
  if (visibility === 'gone') throw new AppError('gone', REMOVED_MESSAGE);
  return view!.envolvement;
});

// PUT /api/post/{id}: the creator edits their envolvement
export const PUT = authedRoute(
  async ({ params, body, viewer }) => updateEnvolvement(viewer, parseId(params.id, NOT_FOUND_MESSAGE), body),
  // A changed price is stored in the site's currency, so its limits are said in it.
  { body: () => editEnvolvementSchema(siteCurrency()), invalidMessage: MESSAGES.fixErrors },
);

// DELETE /api/post/{id}: the creator deletes their envolvement (archived when people joined it)
export const DELETE = authedRoute(async ({ params, viewer }) => {
  const id = parseId(params.id, NOT_FOUND_MESSAGE);
  const removal = await deleteEnvolvement(viewer, id);
  return { deleted: true, _id: id, ...removal };
});
