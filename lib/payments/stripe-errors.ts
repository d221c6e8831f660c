// Stripe's error codes, read from the SDK's error objects (never from their messages).
export function stripeErrorCode(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
}

export function isStripeNotFound(error: unknown): boolean {
  return (error as { statusCode?: number } | null)?.statusCode === 404 || stripeErrorCode(error) === 'resource_missing';
}

/** The SDK could not reach Stripe at all (after its own retries): every other call would fail too. */
export function isStripeUnreachable(error: unknown): boolean {
  return (error as { type?: unknown } | null)?.type === 'StripeConnectionError';
}
