import type { NextRequest } from 'next/server';
import { authedRoute } from '@/lib/api/route';
import { payWithTestCard } from '@/lib/payments/test-card';
import { usesLocalStripe } from '@/lib/stripe/test-mode';
import { testCardSchema } from '@/lib/validation/test-card';

type Context = { params: Promise<Record<string, string | string[]>> };
type Handler = (request: NextRequest, context: Context) => Promise<Response>;

const pay = authedRoute(
  async ({ body, viewer }) => {
    const outcome = await payWithTestCard(viewer.id, body);
    if (outcome.paid) return { status: outcome.status, paymentIntentId: outcome.paymentIntentId };
    // As Stripe answers a declined card: 402, with the bank's reason.
    const { message, code, declineCode } = outcome.decline;
    return Response.json({ error: message, code, declineCode }, { status: 402 });
  },
  // Each try counts as a payment attempt, as opening a checkout does.
  { body: testCardSchema, rateLimit: { name: 'paymentIntent', per: 'user' } },
);

/**
 * Test cards are taken only by a development server that runs the stand-in: with real
 * Stripe keys (or in production) the route does not exist, whoever asks.
 */
export function confirmTestCard(request: NextRequest, context: Context, notFound: Handler): Promise<Response> {
  return usesLocalStripe() ? pay(request, context) : notFound(request, context);
}
