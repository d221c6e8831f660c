import { authedRoute } from '@/lib/api/route';
import { resendVerification } from '@/lib/users/verification';

// POST /api/account/verification: send the link that confirms the account's address again
// Counted per user once it is known a link will go (lib/users/verification.ts).
export const POST = authedRoute(async ({ viewer }) =>
  Response.json(await resendVerification(viewer.id), { status: 202 }),
);
