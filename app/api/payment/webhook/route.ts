import { toErrorResponse } from '@/lib/http/errors';
import { handleEvent, verifyEvent } from '@/lib/payments/webhook';

// POST /api/payment/webhook: Stripe events, verified on the raw body
export async function POST(request: Request) {
  try {
    const event = verifyEvent(await request.text(), request.headers.get('stripe-signature'));
    const result = await handleEvent(event);
    return Response.json({ received: true, ...result });
  } catch (error) {
    return toErrorResponse(error);
  }
}
