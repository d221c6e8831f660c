import { authedRoute } from '@/lib/api/route';
import { deleteAccount } from '@/lib/account/deletion';
import { deleteAccountSchema } from '@/lib/validation/account-deletion';

// DELETE /api/account: delete the signed-in account, its envolvements' members refunded, and end its sessions
// Counted before the password is checked: a stolen session must not guess it.
export const DELETE = authedRoute(
  async ({ viewer, body }) => ({ deleted: true, ...(await deleteAccount(viewer, body)) }),
  { body: deleteAccountSchema, rateLimit: { name: 'accountDelete', per: 'user' } },
);
