import { handleRoute } from '@/lib/api/route';
import { readBodyText } from '@/lib/http/body';
import { handleEvent, verifyEvent } from '@/lib/payments/webhook';

// POST /api/payment/webhook: Stripe events, verified on the raw body. Stripe's servers
// call it, so it is open to other origins; the signature is its proof.
export const POST = handleRoute(
  async (request) => {
    const event = verifyEvent(await readBodyText(request), request.headers.get('stripe-signature'));
    const result = await handleEvent(event);
    return Response.json({ received: true, ...result });
  },
  { crossSite: true },
);
