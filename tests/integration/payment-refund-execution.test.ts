import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { db } from '@/lib/db/client';
import { markForRefund } from '@/lib/payments/ledger';
import { executeRefund } from '@/lib/payments/refunds';
import { paymentRefunds, paymentStatusChanges, purchases } from '@/models';
import { useTestDatabase } from '../helpers/db';
import { deliver, joinByCard, paidSetup, paymentOf, useFakeStripe } from '../helpers/payments';

// executeRefund is reached from a creator's refund, a deletion and the ledger's own checks;
// these tests call it directly, with the rows those callers would hand it.

useTestDatabase();
const stripe = useFakeStripe();

/** A paid membership ($19.99) and its payment marked for a refund the creator asked for. */
async function markedPayment() {
  const { creator, buyer, row } = await paidSetup();
  const { intentId, purchase } = await joinByCard(stripe(), buyer, row.id);
  const marked = await markForRefund(intentId, 'creator', creator.id);
  return { creator, buyer, row, intentId, purchase, marked: marked! };
}

const refundRequests = (intentId: string) =>
  stripe().requests.filter(
    (r) => r.method === 'POST' && r.path === '/v1/refunds' && r.params.payment_intent === intentId,
  );

const refundsAtStripe = (intentId: string) =>
  [...stripe().refundsById.values()].filter((r) => r.payment_intent === intentId);

const recordedRefunds = (paymentId: string) =>
  db()
    .select({
      id: paymentRefunds.id,
      amountCents: paymentRefunds.amountCents,
      reason: paymentRefunds.reason,
      requestedBy: paymentRefunds.requestedBy,
      transferReversedCents: paymentRefunds.transferReversedCents,
      feeRefundedCents: paymentRefunds.feeRefundedCents,
    })
    .from(paymentRefunds)
    .where(eq(paymentRefunds.paymentId, paymentId));

async function lastChangeOf(paymentId: string) {
  const rows = await db()
    .select({ to: paymentStatusChanges.toStatus, source: paymentStatusChanges.source })
    .from(paymentStatusChanges)
    .where(eq(paymentStatusChanges.paymentId, paymentId))
    .orderBy(asc(paymentStatusChanges.createdAt));
  return rows.at(-1);
}

async function membershipOf(purchaseId: string) {
  const [row] = await db().select().from(purchases).where(eq(purchases.id, purchaseId));
  return { ended: row!.endedAt !== null, endReason: row!.endReason };
}

describe('executeRefund', () => {
  it('asks Stripe for everything left on the charge, with the reason and a key, and records who asked', async () => {
    const { creator, intentId, purchase, marked } = await markedPayment();

    const after = await executeRefund(marked);

    const [request] = refundRequests(intentId);
    expect(refundRequests(intentId)).toHaveLength(1);
    // No amount: Stripe refunds what is left, whatever was offered.
    // The money comes back from the creator's account, with the platform's fee.
    expect(request!.params).toEqual({
      payment_intent: intentId,
      metadata: { reason: 'creator' },
      reverse_transfer: true,
      refund_application_fee: true,
      expand: ['transfer_reversal'],
    });
    expect(request!.idempotencyKey).toMatch(/^envolve-refund-[0-9a-f]{40}$/);
    const [atStripe] = refundsAtStripe(intentId);
    expect(await recordedRefunds(intentId)).toEqual([
      {
        id: atStripe!.id,
        amountCents: 1999,
        reason: 'creator',
        requestedBy: creator.id,
        transferReversedCents: 1999,
        feeRefundedCents: 100,
      },
    ]);
    expect(after).toMatchObject({ id: intentId, status: 'refunded', amountRefundedCents: 1999 });
    expect(await paymentOf(intentId)).toMatchObject({ status: 'refunded', amountRefundedCents: 1999 });
    expect(await lastChangeOf(intentId)).toEqual({ to: 'refunded', source: `refund:${atStripe!.id}` });
    expect(await membershipOf(purchase.id)).toEqual({ ended: true, endReason: 'refunded' });
  });

  it('sent again from the same row (a crash, another instance), gets the same refund back and records it once', async () => {
    const { intentId, marked } = await markedPayment();

    const first = await executeRefund(marked);
    const again = await executeRefund(marked);

    const requests = refundRequests(intentId);
    expect(requests).toHaveLength(2);
    expect(requests[1]!.idempotencyKey).toBe(requests[0]!.idempotencyKey);
    expect(refundsAtStripe(intentId).length).toBe(1);
    expect(await recordedRefunds(intentId)).toHaveLength(1);
    expect(again).toMatchObject({ status: 'refunded', amountRefundedCents: 1999 });
    expect(first).toMatchObject({ status: 'refunded' });
  });

  it('keys each standing of the payment apart, so a refusal kept by Stripe is not replayed once the payment has moved', async () => {
    const { intentId, marked } = await markedPayment();

    stripe().failNextRefund();
    const refused = await executeRefund(marked);
    // The bank refused it: recorded, and the member keeps access until a refund goes through.
    expect(refused).toMatchObject({ status: 'succeeded', amountRefundedCents: 0 });
    expect(await paymentOf(intentId)).toMatchObject({ status: 'succeeded', amountRefundedCents: 0 });
    expect(await recordedRefunds(intentId)).toEqual([
      expect.objectContaining({ amountCents: 1999, reason: 'creator' }),
    ]);

    // The same standing asks with the same key, and Stripe answers the refusal it kept.
    await executeRefund(marked);
    expect(refundsAtStripe(intentId).length).toBe(1);

    // A partial refund from the dashboard moves the payment; once its events arrive the
    // marked refund is finished under a new key, for what is left.
    stripe().refund(intentId, 500);
    await deliver(stripe(), stripe().eventsFor(intentId).slice(-2));

    const keys = refundRequests(intentId).map((r) => r.idempotencyKey);
    expect(keys).toHaveLength(3);
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[0]);
    expect(await paymentOf(intentId)).toMatchObject({ status: 'refunded', amountRefundedCents: 1999 });
    const amounts = refundsAtStripe(intentId).map((r) => [r.amount, r.status]);
    expect(amounts).toEqual([
      [1999, 'failed'],
      [500, 'succeeded'],
      [1499, 'succeeded'],
    ]);
  });

  it('leaves a payment whose refund Stripe canceled as it was, the refund recorded', async () => {
    const { intentId, purchase, marked } = await markedPayment();
    stripe().failNextRefund('canceled');

    expect(await executeRefund(marked)).toMatchObject({ status: 'succeeded', amountRefundedCents: 0 });
    expect(await recordedRefunds(intentId)).toEqual([expect.objectContaining({ amountCents: 1999 })]);
    expect(await membershipOf(purchase.id)).toEqual({ ended: false, endReason: null });
  });

  it('catches the ledger up when the charge was refunded meanwhile, recording no refund of its own', async () => {
    const { intentId, purchase, marked } = await markedPayment();
    // Refunded from the dashboard; its events have not arrived.
    stripe().refund(intentId);

    const after = await executeRefund(marked);

    expect(after).toMatchObject({ status: 'refunded', amountRefundedCents: 1999 });
    expect(await lastChangeOf(intentId)).toEqual({ to: 'refunded', source: 'stripe:already_refunded' });
    expect(await recordedRefunds(intentId)).toEqual([]);
    expect(await membershipOf(purchase.id)).toEqual({ ended: true, endReason: 'refunded' });
  });

  it('lets any other refusal through and changes nothing', async () => {
    const { intentId, purchase, marked } = await markedPayment();
    // Disputed at Stripe; the ledger has not heard yet.
    stripe().dispute(intentId);

    await expect(executeRefund(marked)).rejects.toMatchObject({ code: 'charge_disputed' });

    expect(await paymentOf(intentId)).toMatchObject({ status: 'succeeded', amountRefundedCents: 0 });
    expect(await recordedRefunds(intentId)).toEqual([]);
    expect(await membershipOf(purchase.id)).toEqual({ ended: false, endReason: null });
  });

  it('sends nothing for a payment not marked, not live, or with nothing left to refund', async () => {
    const { creator, buyer, row } = await paidSetup();
    const { intentId } = await joinByCard(stripe(), buyer, row.id);
    const unmarked = await paymentOf(intentId);
    const marked = (await markForRefund(intentId, 'creator', creator.id))!;

    expect(await executeRefund(unmarked)).toBe(unmarked);
    expect(await executeRefund({ ...marked, status: 'disputed' })).toMatchObject({ status: 'disputed' });
    expect(await executeRefund({ ...marked, status: 'refunded' })).toMatchObject({ status: 'refunded' });
    const spent = { ...marked, amountRefundedCents: marked.amountCents };
    expect(await executeRefund(spent)).toBe(spent);
    expect(refundRequests(intentId)).toEqual([]);
    expect(await paymentOf(intentId)).toMatchObject({ status: 'succeeded', amountRefundedCents: 0 });

    // One cent left is still a refund to send.
    await executeRefund({ ...marked, amountRefundedCents: marked.amountCents - 1 });
    expect(refundRequests(intentId)).toHaveLength(1);
  });
});
