import { AppError } from '@/lib/http/errors';
import { publicRoute } from '@/lib/api/route';
import { isStripeConfigured } from '@/lib/stripe/client';
import { CARD_PAYMENTS_UNAVAILABLE } from '@/lib/domain/payment-messages';

// GET /api/payment/config: the publishable key for Stripe.js
export const GET = publicRoute(async () => {
  if (!isStripeConfigured()) throw new AppError('unavailable', CARD_PAYMENTS_UNAVAILABLE);
  return { publishableKey: process.env.STRIPE_PUBLISHABLE_KEY };
});
