import 'server-only';
import type Stripe from 'stripe';
import { isUniqueViolation } from '@/lib/db/errors';
import { AppError } from '@/lib/http/errors';
import { eq } from 'drizzle-orm';
import { db } from '@/lib/db/client';
import { applicationFeeCents } from '@/lib/domain/fees';
import { getPayoutAccount } from '@/lib/payouts/service';
import { users, type EnvolvementRow, type PaymentRow } from '@/models';
import { platformFeePercent } from '@/lib/stripe/config';
import { CREATOR_CANNOT_TAKE_PAYMENTS } from '@/lib/domain/payment-messages';
import { getCheckoutState, refusalError } from './grant';
import { idempotencyKey } from '@/lib/stripe/idempotency';
import { countPayments, getOpenPayment, recordPayment } from './ledger';
import { getStripe } from '@/lib/stripe/client';
import { cancelIntent, isPayable, retrieveIntent } from './sync';

export const PAYMENT_PROCESSING = 'Your payment is being processed. Check back in a moment.';

async function buyerEmail(userId: string): Promise<string | null> {
  const [row] = await db().select({ email: users.email }).from(users).where(eq(users.id, userId)).limit(1);
  return row?.email ?? null;
}

type Checkout = { clientSecret: string; paymentIntentId: string };

/**
 * Starts or resumes a card payment. The amount and currency come from the database, never
 * the request. A buyer has one intent they can pay per envolvement: a second checkout gets
 * the same one back, and one offered at a price that has since changed is canceled and
 * replaced, so nobody pays an old price by accident or holds two payable intents.
 */
export async function createPaymentIntent(userId: string, envolvementId: string): Promise<Checkout> {
  // A round ends early when the open intent moved on at Stripe (paid, canceled) while we
  // looked; the next round decides again from the updated ledger.
  for (let round = 0; round < 3; round++) {
    const { row, decision } = await getCheckoutState(envolvementId, userId);
    if (decision === 'free') throw new AppError('bad_request', 'This envolvement is free: join it without paying.');
    if (decision !== 'paid') throw refusalError(decision);
    const terms = await termsOf(row);
    const open = await getOpenPayment(userId, envolvementId);
    const checkout = open ? await resumeOrRetire(open, row, terms) : await openIntent(userId, row, terms);
    if (checkout) return checkout;
  }
  throw new AppError('conflict', 'Your checkout changed while it was starting. Please try again.');
}

// Where a sale's money goes and what the platform keeps of it: the creator's connected
// account, which must be able to take charges, and today's fee.
type Terms = { destination: string; feeCents: number };

async function termsOf(row: EnvolvementRow): Promise<Terms> {
  const account = await getPayoutAccount(row.creatorId);
  if (!account?.chargesEnabled) throw new AppError('conflict', CREATOR_CANNOT_TAKE_PAYMENTS);
  return { destination: account.stripeAccountId, feeCents: applicationFeeCents(row.priceCents, platformFeePercent()) };
}

async function resumeOrRetire(open: PaymentRow, row: EnvolvementRow, terms: Terms): Promise<Checkout | null> {
  if (open.status === 'processing') throw new AppError('conflict', PAYMENT_PROCESSING);
  const intent = await retrieveIntent(open.id);
  if (!intent) throw new AppError('unavailable', 'Card payments are not available right now. Please try again later.');
  const sameOffer =
    open.amountCents === row.priceCents &&
    open.currency === row.currency &&
    open.destinationAccountId === terms.destination &&
    open.applicationFeeCents === terms.feeCents;
  if (sameOffer && isPayable(intent)) return { clientSecret: intent.client_secret!, paymentIntentId: intent.id };
  // Offered at another price, or moved on at Stripe (paid, canceled): retire it, and let
  // the next round decide from the updated ledger.
  await cancelIntent(open.id, 'checkout');
  return null;
}

async function openIntent(userId: string, row: EnvolvementRow, terms: Terms): Promise<Checkout | null> {
  const email = await buyerEmail(userId);
  const params: Stripe.PaymentIntentCreateParams = {
    amount: row.priceCents,
    currency: row.currency,
    automatic_payment_methods: { enabled: true },
    metadata: { envolvementId: row.id, userId },
    description: row.title.slice(0, 200),
    // A destination charge: the money goes to the creator, less the platform's fee.
    transfer_data: { destination: terms.destination },
    ...(terms.feeCents > 0 ? { application_fee_amount: terms.feeCents } : {}),
    // Stripe e-mails the buyer a receipt.
    ...(email ? { receipt_email: email } : {}),
  };
  // The same checkout at the same moment (a double click) sends the same key and gets the
  // same intent; every earlier intent of this buyer makes the next key new.
  const attempt = await countPayments(userId, row.id);
  const intent = await getStripe().paymentIntents.create(params, {
    idempotencyKey: idempotencyKey('pi', params, attempt),
  });
  try {
    await recordPayment({
      id: intent.id,
      envolvementId: row.id,
      buyerId: userId,
      amountCents: row.priceCents,
      currency: row.currency,
      destinationAccountId: terms.destination,
      applicationFeeCents: terms.feeCents,
    });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    // Another checkout of this buyer opened an intent at a different price at the same
    // moment and recorded it first: this one is never shown, so cancel it and use theirs.
    await getStripe()
      .paymentIntents.cancel(intent.id)
      .catch(() => undefined);
    return null;
  }
  return { clientSecret: intent.client_secret!, paymentIntentId: intent.id };
}
