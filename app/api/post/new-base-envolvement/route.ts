import { createEnvolvement } from '@/lib/creator/envolvements';
import { authedRoute } from '@/lib/api/route';
import { createEnvolvementSchema } from '@/lib/validation/envolvement';
import { MESSAGES } from '@/lib/validation/envolvement-limits';

// POST /api/post/new-base-envolvement: publish a new envolvement (creator from the session)
export const POST = authedRoute(
  async ({ body, viewer }) => {
    const { id } = await createEnvolvement(viewer, body);
    return { postedID: id };
  },
  { body: createEnvolvementSchema, invalidMessage: MESSAGES.fixErrors },
);
