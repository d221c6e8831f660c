import { authedRoute } from '@/lib/api/route';
import { requestEmailChange } from '@/lib/users/email-change';
import { changeEmailSchema } from '@/lib/validation/account';

// POST /api/account/email: move the account to a new address, once a link sent there is followed
// The password is asked for accounts that have one; the count is per user (lib/users/email-change.ts).
export const POST = authedRoute(
  async ({ viewer, body }) => Response.json(await requestEmailChange(viewer.id, body), { status: 202 }),
  { body: changeEmailSchema },
);
