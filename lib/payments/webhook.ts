import 'server-only';
import { eq } from 'drizzle-orm';
import type Stripe from 'stripe';
import { db } from '@/lib/db/client';
import { AppError } from '@/lib/http/errors';
import { paymentEvents } from '@/models';
import { fulfilPaymentIntent } from './card';
import { revokeAccess } from './grant';
import { getStripe, webhookSecret } from './stripe';

/** Verifies the signature of the raw body; anything else is a 400. */
export function verifyEvent(rawBody: string, signature: string | null): Stripe.Event {
  const secret = webhookSecret();
  if (!signature) throw new AppError('bad_request', 'Missing Stripe signature');
  try {
    return getStripe().webhooks.constructEvent(rawBody, signature, secret);
  } catch {
    throw new AppError('bad_request', 'Invalid Stripe signature');
  }
}

function paymentIntentIdOf(event: Stripe.Event): string | null {
  const object = event.data.object as { object?: string; id?: string; payment_intent?: string | { id: string } | null };
  if (object.object === 'payment_intent') return object.id ?? null;
  const pi = object.payment_intent;
  return typeof pi === 'string' ? pi : (pi?.id ?? null);
}

/**
 * Handles an event once: its id is recorded first, so a replay, a duplicate or a
 * concurrent delivery of the same event finds it taken and does nothing.
 */
export async function handleEvent(event: Stripe.Event): Promise<{ duplicate: boolean; outcome: string }> {
  const paymentIntentId = paymentIntentIdOf(event);
  const [claimed] = await db()
    .insert(paymentEvents)
    .values({ id: event.id, type: event.type, paymentIntentId, outcome: 'processing' })
    .onConflictDoNothing()
    .returning({ id: paymentEvents.id });
  if (!claimed) return { duplicate: true, outcome: 'duplicate' };
  try {
    let outcome = 'ignored';
    if (event.type === 'payment_intent.succeeded') {
      const result = await fulfilPaymentIntent(event.data.object as Stripe.PaymentIntent);
      outcome = result.granted ? 'granted' : result.refunded ? `refunded: ${result.reason}` : `not granted: ${result.reason}`;
    } else if (event.type === 'charge.refunded' && paymentIntentId) {
      outcome = (await revokeAccess(paymentIntentId)) ? 'revoked' : 'nothing to revoke';
    }
    await db().update(paymentEvents).set({ outcome }).where(eq(paymentEvents.id, event.id));
    return { duplicate: false, outcome };
  } catch (error) {
    // Let Stripe's retry handle it from scratch.
    await db().delete(paymentEvents).where(eq(paymentEvents.id, event.id));
    throw error;
  }
}

/** Why a payment was refunded automatically, for the completion page. */
export async function automaticRefundReason(paymentIntentId: string): Promise<string | null> {
  const [row] = await db().select({ outcome: paymentEvents.outcome }).from(paymentEvents).where(eq(paymentEvents.id, `refund:${paymentIntentId}`)).limit(1);
  return row?.outcome ?? null;
}
