import { beforeEach, describe, expect, it, vi } from 'vitest';
import { CARD_PAYMENTS_UNAVAILABLE } from '@/lib/domain/payment-messages';
import { getStripe, isStripeConfigured, webhookSecret } from '@/lib/stripe/client';

/** What a call throws, as the API would answer it: its code and message. */
function refusal(work: () => unknown) {
  try {
    work();
  } catch (error) {
    return { code: (error as { code?: unknown }).code, message: (error as Error).message };
  }
  throw new Error('expected a refusal');
}

describe('the Stripe client', () => {
  beforeEach(() => {
    vi.stubEnv('STRIPE_SECRET_KEY', 'sk_test_unit');
    vi.stubEnv('STRIPE_PUBLISHABLE_KEY', 'pk_test_unit');
    vi.stubEnv('STRIPE_API_HOST', '127.0.0.1');
    vi.stubEnv('STRIPE_API_PORT', '12111');
    vi.stubEnv('STRIPE_API_PROTOCOL', 'http');
  });

  it('is refused as unavailable unless both the secret and the publishable key are set', () => {
    const unavailable = { code: 'unavailable', message: CARD_PAYMENTS_UNAVAILABLE };
    vi.stubEnv('STRIPE_PUBLISHABLE_KEY', '');
    expect(isStripeConfigured()).toBe(false);
    expect(refusal(getStripe)).toEqual(unavailable);

    vi.stubEnv('STRIPE_PUBLISHABLE_KEY', 'pk_test_unit');
    vi.stubEnv('STRIPE_SECRET_KEY', '');
    expect(isStripeConfigured()).toBe(false);
    expect(refusal(getStripe)).toEqual(unavailable);

    vi.stubEnv('STRIPE_SECRET_KEY', 'sk_test_unit');
    expect(isStripeConfigured()).toBe(true);
    expect(getStripe()).toBeDefined();
  });

  it('gives up on a call that hangs after eight seconds, and tries it again twice', () => {
    const client = getStripe() as unknown as { getApiField: (name: string) => unknown };
    expect(client.getApiField('timeout')).toBe(8_000);
    expect(client.getApiField('maxNetworkRetries')).toBe(2);
  });

  it('is made once for the same settings, and again when the key or the endpoint changes', () => {
    const first = getStripe();
    expect(getStripe()).toBe(first);

    vi.stubEnv('STRIPE_API_PORT', '12112');
    const otherPort = getStripe();
    expect(otherPort).not.toBe(first);
    expect(getStripe()).toBe(otherPort);

    vi.stubEnv('STRIPE_SECRET_KEY', 'sk_test_rotated');
    expect(getStripe()).not.toBe(otherPort);
  });
});

describe('webhookSecret', () => {
  it('gives the signing secret the site is configured with', () => {
    vi.stubEnv('STRIPE_WEBHOOK_SECRET', 'whsec_unit');
    expect(webhookSecret()).toBe('whsec_unit');
  });

  it('is refused as unavailable when no signing secret is set', () => {
    vi.stubEnv('STRIPE_WEBHOOK_SECRET', '');
    expect(refusal(webhookSecret)).toEqual({
      code: 'unavailable',
      message: 'Stripe webhooks are not configured on this site.',
    });
  });
});
