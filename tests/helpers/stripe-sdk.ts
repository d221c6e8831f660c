import Stripe from 'stripe';
import { startFakeStripe, type FakeStripe } from './fake-stripe';

/** A fake Stripe of its own, and Stripe's real SDK pointed at it, to hold the fake to Stripe's behaviour. */
export async function startFakeStripeWithSdk(): Promise<{ fake: FakeStripe; stripe: Stripe }> {
  const fake = await startFakeStripe();
  const port = Number(new URL(fake.url).port);
  const stripe = new Stripe('sk_test_fake', { host: '127.0.0.1', port, protocol: 'http', telemetry: false });
  return { fake, stripe };
}

/** What the SDK threw for a call Stripe refuses, in Stripe's words; fails when the call went through. */
export async function stripeRefusal(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    const { type, code, message, param, statusCode } = error as InstanceType<typeof Stripe.errors.StripeError>;
    return { type, code, message, param, statusCode };
  }
  throw new Error('expected Stripe to refuse');
}
