import type Stripe from 'stripe';

// Stripe's errors, read from the SDK's error objects (never from their messages). Anything
// may be thrown, so each field is looked for rather than assumed.

type ErrorField = keyof Pick<Stripe.errors.StripeError, 'code' | 'statusCode' | 'type'>;

function fieldOf(error: unknown, field: ErrorField): unknown {
  if (typeof error !== 'object' || error === null) return undefined;
  const value: unknown = Reflect.get(error, field);
  return value;
}

export function stripeErrorCode(error: unknown): string | undefined {
  const code = fieldOf(error, 'code');
  return typeof code === 'string' ? code : undefined;
}

/** The SDK's class name of an error ('StripeCardError', 'StripeConnectionError'…). */
export function stripeErrorType(error: unknown): unknown {
  return fieldOf(error, 'type');
}

export function isStripeNotFound(error: unknown): boolean {
  return fieldOf(error, 'statusCode') === 404 || stripeErrorCode(error) === 'resource_missing';
}

/** The SDK could not reach Stripe at all (after its own retries): every other call would fail too. */
export function isStripeUnreachable(error: unknown): boolean {
  return stripeErrorType(error) === 'StripeConnectionError';
}
