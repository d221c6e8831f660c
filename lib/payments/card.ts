import 'server-only';
import type Stripe from 'stripe';
import { db } from '@/lib/db/client';
import { AppError } from '@/lib/http/errors';
import { paymentEvents, type EnvolvementRow } from '@/models';
import { getCheckoutState, grantAccess, purchaseForPaymentIntent, refusalError } from './grant';
import { getStripe } from './stripe';

export const PAYMENT_NOT_FOUND = 'Payment not found';

/** Starts a card payment: the amount and currency come from the database, never the request. */
export async function createPaymentIntent(userId: string, envolvementId: string) {
  const { row, decision } = await getCheckoutState(envolvementId, userId);
  if (decision === 'free') throw new AppError('bad_request', 'This envolvement is free: join it without paying.');
  if (decision !== 'paid') throw refusalError(decision);
  // One intent per user, envolvement and price: a double click reuses it.
  const intent = await getStripe().paymentIntents.create(
    {
      amount: row.priceCents,
      currency: row.currency,
      automatic_payment_methods: { enabled: true },
      metadata: { envolvementId: row.id, userId },
      description: row.title.slice(0, 200),
    },
    { idempotencyKey: `envolve-pi-${userId}-${row.id}-${row.priceCents}-${row.currency}` },
  );
  return { clientSecret: intent.client_secret, paymentIntentId: intent.id };
}

async function retrieve(paymentIntentId: string): Promise<Stripe.PaymentIntent> {
  if (!/^pi_[A-Za-z0-9_]{1,200}$/.test(paymentIntentId)) throw new AppError('not_found', PAYMENT_NOT_FOUND);
  try {
    return await getStripe().paymentIntents.retrieve(paymentIntentId);
  } catch (error) {
    if ((error as { statusCode?: number }).statusCode === 404) throw new AppError('not_found', PAYMENT_NOT_FOUND);
    throw error;
  }
}

/** A payment intent that belongs to the signed-in user. */
export async function getOwnPaymentIntent(userId: string, paymentIntentId: string): Promise<Stripe.PaymentIntent> {
  const intent = await retrieve(paymentIntentId);
  if (intent.metadata?.userId !== userId) throw new AppError('forbidden', 'This payment belongs to someone else.');
  return intent;
}

export type Fulfilment = { granted: boolean; refunded?: boolean; reason?: string };

function matchesDatabase(intent: Stripe.PaymentIntent, row: EnvolvementRow): boolean {
  return intent.amount === row.priceCents && intent.currency === row.currency && intent.metadata?.envolvementId === row.id;
}

/**
 * Turns a succeeded payment into access, exactly once. A payment that no longer fits
 * (the last spot went, the envolvement closed) is refunded and the reason recorded.
 */
export async function fulfilPaymentIntent(intent: Stripe.PaymentIntent): Promise<Fulfilment> {
  if (intent.status !== 'succeeded') return { granted: false, reason: 'Payment has not succeeded' };
  const existing = await purchaseForPaymentIntent(intent.id);
  if (existing) return { granted: true };
  const userId = intent.metadata?.userId;
  const envolvementId = intent.metadata?.envolvementId;
  if (!userId || !envolvementId) return { granted: false, reason: 'Payment is not for an envolvement' };
  const { row, decision } = await getCheckoutState(envolvementId, userId).catch(() => ({ row: null, decision: null }));
  if (!row || !matchesDatabase(intent, row)) return { granted: false, reason: 'Payment does not match the envolvement' };
  if (decision === 'already_bought') return { granted: true };
  try {
    await grantAccess({ envolvementId, userId, amountCents: intent.amount, currency: intent.currency, paymentIntentId: intent.id });
    return { granted: true };
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    if (await purchaseForPaymentIntent(intent.id)) return { granted: true };
    if (error.message === 'You have already bought this!') return { granted: true };
    await getStripe().refunds.create({ payment_intent: intent.id }, { idempotencyKey: `envolve-refund-${intent.id}` });
    await db()
      .insert(paymentEvents)
      .values({ id: `refund:${intent.id}`, type: 'automatic_refund', paymentIntentId: intent.id, outcome: error.message })
      .onConflictDoNothing();
    return { granted: false, refunded: true, reason: error.message };
  }
}

/** The completion page and grant-access: check the payment with Stripe, then grant. */
export async function confirmCardPayment(userId: string, envolvementId: string, paymentIntentId: string): Promise<Fulfilment> {
  const intent = await getOwnPaymentIntent(userId, paymentIntentId);
  if (intent.metadata?.envolvementId !== envolvementId) throw new AppError('bad_request', 'This payment is for another envolvement.');
  if (intent.status !== 'succeeded') throw new AppError('conflict', 'Payment has not been completed.');
  return fulfilPaymentIntent(intent);
}
