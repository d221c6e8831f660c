import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { isStripeNotFound, isStripeUnreachable, stripeErrorCode } from '@/lib/stripe/errors';

// The errors the SDK throws, built as it builds them from Stripe's answers.
const cardDeclined = new Stripe.errors.StripeCardError({
  type: 'card_error',
  code: 'card_declined',
  message: 'Your card was declined.',
  statusCode: 402,
});
const noSuchIntent = new Stripe.errors.StripeInvalidRequestError({
  type: 'invalid_request_error',
  code: 'resource_missing',
  message: "No such payment_intent: 'pi_gone'",
  statusCode: 404,
});
// A 404 with no code: Stripe's answer to a path it does not serve.
const unknownPath = new Stripe.errors.StripeInvalidRequestError({
  type: 'invalid_request_error',
  message: 'Unrecognized request URL (GET: /v1/payment_intents/pi_1/nothing).',
  statusCode: 404,
});
// A request naming an object that does not exist in a parameter is a 400 with the same code.
const refundOfUnknownIntent = new Stripe.errors.StripeInvalidRequestError({
  type: 'invalid_request_error',
  code: 'resource_missing',
  param: 'payment_intent',
  message: "No such payment_intent: 'pi_gone'",
  statusCode: 400,
});
const unreachable = new Stripe.errors.StripeConnectionError({
  type: 'api_error',
  message: 'An error occurred with our connection to Stripe.',
});

describe('stripeErrorCode', () => {
  it("reads the code of the SDK's errors", () => {
    expect(stripeErrorCode(cardDeclined)).toBe('card_declined');
    expect(stripeErrorCode(noSuchIntent)).toBe('resource_missing');
  });

  it('answers undefined for an error without a code, one whose code is not a text, and no error at all', () => {
    expect(stripeErrorCode(unknownPath)).toBeUndefined();
    expect(stripeErrorCode(unreachable)).toBeUndefined();
    expect(stripeErrorCode({ code: 404 })).toBeUndefined();
    expect(stripeErrorCode({ code: { type: 'card_error' } })).toBeUndefined();
    expect(stripeErrorCode(null)).toBeUndefined();
    expect(stripeErrorCode(undefined)).toBeUndefined();
  });
});

describe('isStripeNotFound', () => {
  it('is true for a 404, with or without a code', () => {
    expect(isStripeNotFound(noSuchIntent)).toBe(true);
    expect(isStripeNotFound(unknownPath)).toBe(true);
  });

  it("is true for Stripe's resource_missing code whatever the status", () => {
    expect(isStripeNotFound(refundOfUnknownIntent)).toBe(true);
    expect(isStripeNotFound({ code: 'resource_missing' })).toBe(true);
  });

  it('is false for any other failure, and for no error at all', () => {
    expect(isStripeNotFound(cardDeclined)).toBe(false);
    expect(isStripeNotFound(unreachable)).toBe(false);
    expect(isStripeNotFound(new Error('resource_missing'))).toBe(false);
    expect(isStripeNotFound({ statusCode: 400, code: 'parameter_missing' })).toBe(false);
    expect(isStripeNotFound(null)).toBe(false);
    expect(isStripeNotFound(undefined)).toBe(false);
  });
});

describe('isStripeUnreachable', () => {
  it('is true only when the SDK could not reach Stripe', () => {
    expect(isStripeUnreachable(unreachable)).toBe(true);
    for (const other of [cardDeclined, noSuchIntent, unknownPath, new Error('StripeConnectionError'), null, undefined])
      expect(isStripeUnreachable(other)).toBe(false);
  });
});
