import { authedRoute } from '@/lib/api/route';
import { getPayoutAccount, toPayoutsDto } from '@/lib/payouts/service';

// GET /api/payouts: the signed-in creator's Stripe account, as last known, in plain words.
export const GET = authedRoute(async ({ viewer }) => toPayoutsDto(await getPayoutAccount(viewer.id)));
