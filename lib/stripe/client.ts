import 'server-only';
import Stripe from 'stripe';
import { AppError } from '@/lib/http/errors';
import { CARD_PAYMENTS_UNAVAILABLE } from '@/lib/domain/payment-messages';

export function isStripeConfigured(): boolean {
  return Boolean(process.env.STRIPE_SECRET_KEY && process.env.STRIPE_PUBLISHABLE_KEY);
}

let cached: { key: string; client: Stripe } | undefined;

const STRIPE_TIMEOUT_MS = 8_000;

/** The Stripe client; STRIPE_API_HOST/PORT/PROTOCOL point it elsewhere (tests use a local fake). */
export function getStripe(): Stripe {
  const secret = process.env.STRIPE_SECRET_KEY;
  if (!secret || !process.env.STRIPE_PUBLISHABLE_KEY) throw new AppError('unavailable', CARD_PAYMENTS_UNAVAILABLE);
  const host = process.env.STRIPE_API_HOST;
  const key = [secret, host, process.env.STRIPE_API_PORT, process.env.STRIPE_API_PROTOCOL].join('|');
  if (cached?.key !== key) {
    cached = {
      key,
      client: new Stripe(secret, {
        // A call that hangs fails in seconds (the SDK's default waits 80), and is tried
        // again twice, with the same idempotency key, before the request answers 503.
        timeout: STRIPE_TIMEOUT_MS,
        maxNetworkRetries: 2,
        telemetry: false,
        ...(host
          ? {
              host,
              port: process.env.STRIPE_API_PORT,
              protocol: (process.env.STRIPE_API_PROTOCOL as 'http' | 'https' | undefined) ?? 'https',
            }
          : {}),
      }),
    };
  }
  return cached.client;
}

export function webhookSecret(): string {
  const secret = process.env.STRIPE_WEBHOOK_SECRET;
  if (!secret) throw new AppError('unavailable', 'Stripe webhooks are not configured on this site.');
  return secret;
}
