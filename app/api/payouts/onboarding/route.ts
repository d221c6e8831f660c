import { authedRoute } from '@/lib/api/route';
import { startOnboarding } from '@/lib/payouts/service';
import { requireVerified } from '@/lib/users/verification';

// POST /api/payouts/onboarding: creates the creator's connected account on first use and
// answers the Stripe-hosted onboarding link to send them to ({ url }). Selling starts here,
// and waits for a confirmed address.
export const POST = authedRoute(
  async ({ viewer }) => {
    requireVerified(viewer);
    return { url: await startOnboarding(viewer) };
  },
  {
    rateLimit: { name: 'payoutLinks', per: 'user' },
  },
);
