import { NOT_FOUND_MESSAGE } from '@/lib/envolvements/service';
import { addUpdate } from '@/lib/creator/envolvements';
import { authedRoute, parseId } from '@/lib/api/route';
import { updatePostSchema } from '@/lib/validation/envolvement';

// POST /api/post/add-comment/{id}: the creator posts an update
export const POST = authedRoute(
  async ({ params, body, viewer }) =>
    Response.json(await addUpdate(viewer, parseId(params.id, NOT_FOUND_MESSAGE), body), { status: 201 }),
  { body: updatePostSchema },
);
