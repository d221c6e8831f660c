import { describe, expect, it } from 'vitest';
import { LOCAL_STRIPE_KEYS, refuseLocalStripeInProduction, usesLocalStripe } from '@/lib/stripe/test-mode';

// When card payments go to `npm run dev`'s stand-in for Stripe, and when a server refuses to start.

const local = { ...LOCAL_STRIPE_KEYS, STRIPE_API_HOST: '127.0.0.1' };

describe('usesLocalStripe', () => {
  it('is true for a development server with the stand-in’s key and its API elsewhere', () => {
    expect(usesLocalStripe({ NODE_ENV: 'development', ...local })).toBe(true);
    expect(usesLocalStripe({ NODE_ENV: 'test', ...local })).toBe(true);
  });

  it('is false in production, with real keys, with no keys, or with Stripe’s own API', () => {
    expect(usesLocalStripe({ NODE_ENV: 'production', ...local })).toBe(false);
    expect(usesLocalStripe({ NODE_ENV: 'development', ...local, STRIPE_SECRET_KEY: 'sk_test_real' })).toBe(false);
    expect(usesLocalStripe({ NODE_ENV: 'development', STRIPE_API_HOST: '127.0.0.1' })).toBe(false);
    expect(usesLocalStripe({ NODE_ENV: 'development', ...local, STRIPE_API_HOST: '' })).toBe(false);
  });
});

describe('refuseLocalStripeInProduction', () => {
  it('names every stand-in key a production server was given', () => {
    expect(() => refuseLocalStripeInProduction({ NODE_ENV: 'production', ...local })).toThrow(
      'STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY, STRIPE_WEBHOOK_SECRET are the local test keys of `npm run dev`, ' +
        'which only its stand-in for Stripe accepts: a production server takes card payments with your own Stripe ' +
        'keys, or none (set STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET from your Stripe ' +
        'dashboard, or unset them).',
    );
    expect(() =>
      refuseLocalStripeInProduction({ NODE_ENV: 'production', STRIPE_PUBLISHABLE_KEY: local.STRIPE_PUBLISHABLE_KEY }),
    ).toThrow(/^STRIPE_PUBLISHABLE_KEY is the local test key of `npm run dev`/);
  });

  it('lets a production server start with real keys, none, or a stand-in of its own', () => {
    expect(() => refuseLocalStripeInProduction({ NODE_ENV: 'production' })).not.toThrow();
    const own = { STRIPE_SECRET_KEY: 'sk_test_e2e', STRIPE_WEBHOOK_SECRET: 'whsec_e2e', STRIPE_API_HOST: '127.0.0.1' };
    expect(() => refuseLocalStripeInProduction({ NODE_ENV: 'production', ...own })).not.toThrow();
  });

  it('lets a development server use the stand-in', () => {
    expect(() => refuseLocalStripeInProduction({ NODE_ENV: 'development', ...local })).not.toThrow();
  });
});
