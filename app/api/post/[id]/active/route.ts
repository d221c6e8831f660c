import { NOT_FOUND_MESSAGE } from '@/lib/envolvements/service';
import { setEnvolvementActive } from '@/lib/creator/envolvements';
import { authedRoute, parseId } from '@/lib/api/route';
import { publishSchema } from '@/lib/validation/envolvement';

// PUT /api/post/{id}/active: the creator publishes their draft, or takes it back to draft
export const PUT = authedRoute(
  async ({ params, body, viewer }) => setEnvolvementActive(viewer, parseId(params.id, NOT_FOUND_MESSAGE), body.active),
  { body: publishSchema },
);
