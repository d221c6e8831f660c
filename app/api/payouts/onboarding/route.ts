import { authedRoute } from '@/lib/api/route';
import { startOnboarding } from '@/lib/payouts/service';

// POST /api/payouts/onboarding: creates the creator's connected account on first use and
// answers the Stripe-hosted onboarding link to send them to ({ url }).
export const POST = authedRoute(async ({ viewer }) => ({ url: await startOnboarding(viewer) }), {
  rateLimit: { name: 'payoutLinks', per: 'user' },
});
