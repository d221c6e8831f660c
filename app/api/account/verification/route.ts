import { authedRoute } from '@/lib/api/route';
import { resendVerificationSchema } from '@/lib/validation/auth';
import { resendVerification } from '@/lib/users/verification';

// POST /api/account/verification: send the link that confirms the account's address again;
// with `returnPath` (a path of this site, the checkout that waits), the link leads back there.
// Counted per user once it is known a link will go (lib/users/verification.ts).
export const POST = authedRoute(
  async ({ viewer, body }) => Response.json(await resendVerification(viewer.id, body.returnPath), { status: 202 }),
  { body: resendVerificationSchema },
);
