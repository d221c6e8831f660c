import { AppError } from '@/lib/http/errors';
import { publicRoute } from '@/lib/http/route';
import { CARD_PAYMENTS_UNAVAILABLE, isStripeConfigured } from '@/lib/payments/stripe';

// GET /api/payment/config: the publishable key for Stripe.js
export const GET = publicRoute(async () => {
  if (!isStripeConfigured()) throw new AppError('unavailable', CARD_PAYMENTS_UNAVAILABLE);
  return { publishableKey: process.env.STRIPE_PUBLISHABLE_KEY };
});
