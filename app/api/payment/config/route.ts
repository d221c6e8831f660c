import { AppError } from '@/lib/http/errors';
import { publicRoute } from '@/lib/http/route';
import { isStripeConfigured } from '@/lib/payments/stripe';
import { CARD_PAYMENTS_UNAVAILABLE } from '@/lib/payments/messages';

// GET /api/payment/config: the publishable key for Stripe.js
export const GET = publicRoute(async () => {
  if (!isStripeConfigured()) throw new AppError('unavailable', CARD_PAYMENTS_UNAVAILABLE);
  return { publishableKey: process.env.STRIPE_PUBLISHABLE_KEY };
});
