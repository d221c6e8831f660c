// Local test mode: `npm run dev` with no Stripe keys runs a stand-in for Stripe's API
// (scripts/stripe-stand-in.ts) and starts the app with these keys, which no Stripe
// account has. Pure and free of server-only: the dev launcher imports it too.

/** The keys `npm run dev` gives the app when it runs the stand-in. Not secrets: nothing accepts them but the stand-in. */
export const LOCAL_STRIPE_KEYS = {
  STRIPE_SECRET_KEY: 'sk_test_envolve_local_stand_in',
  STRIPE_PUBLISHABLE_KEY: 'pk_test_envolve_local_stand_in',
  STRIPE_WEBHOOK_SECRET: 'whsec_envolve_local_stand_in',
} as const;

type StripeKey = keyof typeof LOCAL_STRIPE_KEYS;

const localKeysIn = (env: NodeJS.ProcessEnv): StripeKey[] =>
  (Object.keys(LOCAL_STRIPE_KEYS) as StripeKey[]).filter((name) => env[name] === LOCAL_STRIPE_KEYS[name]);

/**
 * Whether card payments go to the local stand-in: a development server started with its
 * key and pointed away from Stripe's API. Real keys, or production, never are.
 */
export function usesLocalStripe(env: NodeJS.ProcessEnv = process.env): boolean {
  return (
    env.NODE_ENV !== 'production' &&
    env.STRIPE_SECRET_KEY === LOCAL_STRIPE_KEYS.STRIPE_SECRET_KEY &&
    Boolean(env.STRIPE_API_HOST)
  );
}

/**
 * A production server started with the stand-in's keys would take no real payment and
 * grant access for test cards: it refuses to start, with the reason.
 */
export function refuseLocalStripeInProduction(env: NodeJS.ProcessEnv = process.env): void {
  if (env.NODE_ENV !== 'production') return;
  const found = localKeysIn(env);
  if (found.length === 0) return;
  throw new Error(
    `${found.join(', ')} ${found.length === 1 ? 'is' : 'are'} the local test key${found.length === 1 ? '' : 's'} of ` +
      '`npm run dev`, which only its stand-in for Stripe accepts: a production server takes card payments with ' +
      'your own Stripe keys, or none (set STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET ' +
      'from your Stripe dashboard, or unset them).',
  );
}
