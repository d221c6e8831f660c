import { createEnvolvement } from '@/lib/creator/envolvements';
import { authedRoute } from '@/lib/api/route';
import { createEnvolvementSchema } from '@/lib/validation/envolvement';
import { MESSAGES } from '@/lib/validation/envolvement-limits';
import { siteCurrency } from '@/lib/stripe/config';

// POST /api/post/new-base-envolvement: publish a new envolvement (creator from the session)
export const POST = authedRoute(
  async ({ body, viewer }) => {
    const { id } = await createEnvolvement(viewer, body);
    return { postedID: id };
  },
  // The price is stored in the site's currency, so its limits are said in it.
  { body: () => createEnvolvementSchema(siteCurrency()), invalidMessage: MESSAGES.fixErrors },
);
