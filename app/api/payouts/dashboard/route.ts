import { authedRoute } from '@/lib/api/route';
import { dashboardLink } from '@/lib/payouts/service';

// POST /api/payouts/dashboard: a one-time link to the creator's Stripe Express dashboard ({ url }).
export const POST = authedRoute(async ({ viewer }) => ({ url: await dashboardLink(viewer.id) }), {
  rateLimit: { name: 'payoutLinks', per: 'user' },
});
