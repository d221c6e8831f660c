import { describe, expect, it } from 'vitest';
import {
  applyLedgerChange,
  grantsAccess,
  intentStatusOf,
  isFinal,
  isOpen,
  type IntentStatus,
  type LedgerChange,
  type LedgerMove,
  type LedgerState,
} from '@/lib/domain/ledger-rules';
import { PAYMENT_STATUSES, type PaymentStatus } from '@/lib/domain/payment-status';

const AMOUNT = 1000;

// Where a payment in each status usually stands: refunds already made where the status says so.
const REFUNDED_SO_FAR: Partial<Record<PaymentStatus, number>> = { partially_refunded: 300, refunded: AMOUNT };

const at = (status: PaymentStatus, amountRefundedCents = REFUNDED_SO_FAR[status] ?? 0): LedgerState => ({
  status,
  amountCents: AMOUNT,
  amountRefundedCents,
});

const moved = (status: PaymentStatus, amountRefundedCents: number): LedgerMove => ({
  outcome: 'moved',
  state: { status, amountCents: AMOUNT, amountRefundedCents },
});
const stays = (outcome: 'unchanged' | 'refused', state: LedgerState): LedgerMove => ({ outcome, state });

// The expected table, written out whole: a move not listed here is a regression.
type Expected = 'unchanged' | 'refused' | PaymentStatus;

const INTENT_STATUSES: IntentStatus[] = ['requires_payment', 'processing', 'succeeded', 'failed', 'canceled'];
const ALL_REFUSED = {
  requires_payment: 'refused',
  processing: 'refused',
  succeeded: 'refused',
  failed: 'refused',
  canceled: 'refused',
} as const;

const INTENT_TABLE: Record<PaymentStatus, Record<IntentStatus, Expected>> = {
  requires_payment: {
    requires_payment: 'unchanged',
    processing: 'processing',
    succeeded: 'succeeded',
    failed: 'failed',
    canceled: 'canceled',
  },
  processing: {
    requires_payment: 'refused',
    processing: 'unchanged',
    succeeded: 'succeeded',
    failed: 'failed',
    canceled: 'canceled',
  },
  // A declined card can be retried on the same intent.
  failed: {
    requires_payment: 'refused',
    processing: 'processing',
    succeeded: 'succeeded',
    failed: 'unchanged',
    canceled: 'canceled',
  },
  succeeded: { ...ALL_REFUSED, succeeded: 'unchanged' },
  partially_refunded: ALL_REFUSED,
  refunded: ALL_REFUSED,
  canceled: { ...ALL_REFUSED, canceled: 'unchanged' },
  disputed: ALL_REFUSED,
  dispute_lost: ALL_REFUSED,
};

function expectMove(
  state: LedgerState,
  change: LedgerChange,
  expected: Expected,
  amountRefundedCents = state.amountRefundedCents,
) {
  const move = applyLedgerChange(state, change);
  if (expected === 'unchanged' || expected === 'refused') expect(move).toEqual(stays(expected, state));
  else expect(move).toEqual(moved(expected, amountRefundedCents));
}

describe('applyLedgerChange: what Stripe says of the intent', () => {
  for (const from of PAYMENT_STATUSES) {
    for (const to of INTENT_STATUSES) {
      const expected = INTENT_TABLE[from][to];
      it(`${from} + intent ${to} → ${expected}`, () => {
        expectMove(at(from), { kind: 'intent', status: to }, expected);
      });
    }
  }

  it('a refused move leaves the very same state', () => {
    const state = at('refunded');
    expect(applyLedgerChange(state, { kind: 'intent', status: 'succeeded' }).state).toBe(state);
  });
});

describe('applyLedgerChange: refunds', () => {
  const PARTIAL: Record<PaymentStatus, Expected> = {
    requires_payment: 'partially_refunded',
    processing: 'partially_refunded',
    failed: 'partially_refunded',
    succeeded: 'partially_refunded',
    partially_refunded: 'partially_refunded',
    refunded: 'unchanged',
    canceled: 'refused',
    // The amount is kept; access waits for the dispute's end.
    disputed: 'disputed',
    dispute_lost: 'refused',
  };
  const FULL: Record<PaymentStatus, Expected> = {
    requires_payment: 'refunded',
    processing: 'refunded',
    failed: 'refunded',
    succeeded: 'refunded',
    partially_refunded: 'refunded',
    refunded: 'unchanged',
    canceled: 'refused',
    disputed: 'refunded',
    dispute_lost: 'refused',
  };

  for (const from of PAYMENT_STATUSES) {
    it(`${from} + a partial refund of 400 → ${PARTIAL[from]}`, () => {
      expectMove(at(from), { kind: 'refunded', amountRefundedCents: 400 }, PARTIAL[from], 400);
    });
    it(`${from} + a full refund → ${FULL[from]}`, () => {
      expectMove(at(from), { kind: 'refunded', amountRefundedCents: AMOUNT }, FULL[from], AMOUNT);
    });
  }

  it('a refund before its succeeded event proves the payment: requires_payment goes straight to refunded', () => {
    expect(applyLedgerChange(at('requires_payment'), { kind: 'refunded', amountRefundedCents: AMOUNT })).toEqual(
      moved('refunded', AMOUNT),
    );
  });

  it('keeps the total refunded growing: a second partial refund adds up, a smaller or equal total changes nothing', () => {
    expect(applyLedgerChange(at('partially_refunded', 300), { kind: 'refunded', amountRefundedCents: 700 })).toEqual(
      moved('partially_refunded', 700),
    );
    expect(applyLedgerChange(at('partially_refunded', 700), { kind: 'refunded', amountRefundedCents: 300 })).toEqual(
      stays('unchanged', at('partially_refunded', 700)),
    );
    expect(applyLedgerChange(at('partially_refunded', 700), { kind: 'refunded', amountRefundedCents: 700 })).toEqual(
      stays('unchanged', at('partially_refunded', 700)),
    );
    expect(applyLedgerChange(at('succeeded'), { kind: 'refunded', amountRefundedCents: 0 })).toEqual(
      stays('unchanged', at('succeeded')),
    );
  });

  it('caps the total refunded at the amount paid', () => {
    expect(applyLedgerChange(at('succeeded'), { kind: 'refunded', amountRefundedCents: 5000 })).toEqual(
      moved('refunded', AMOUNT),
    );
    expect(
      applyLedgerChange(at('partially_refunded', 300), { kind: 'refunded', amountRefundedCents: AMOUNT + 1 }),
    ).toEqual(moved('refunded', AMOUNT));
  });

  it('the last cent of a partial refund makes it refunded', () => {
    expect(
      applyLedgerChange(at('partially_refunded', 300), { kind: 'refunded', amountRefundedCents: AMOUNT - 1 }),
    ).toEqual(moved('partially_refunded', AMOUNT - 1));
    expect(
      applyLedgerChange(at('partially_refunded', AMOUNT - 1), { kind: 'refunded', amountRefundedCents: AMOUNT }),
    ).toEqual(moved('refunded', AMOUNT));
  });
});

describe('applyLedgerChange: disputes', () => {
  const OPENED: Record<PaymentStatus, Expected> = {
    requires_payment: 'disputed',
    processing: 'disputed',
    failed: 'disputed',
    succeeded: 'disputed',
    partially_refunded: 'disputed',
    disputed: 'unchanged',
    refunded: 'refused',
    canceled: 'refused',
    dispute_lost: 'refused',
  };
  const WON: Record<PaymentStatus, Expected> = {
    requires_payment: 'succeeded',
    processing: 'succeeded',
    failed: 'succeeded',
    succeeded: 'unchanged',
    partially_refunded: 'unchanged',
    disputed: 'succeeded',
    refunded: 'unchanged',
    canceled: 'unchanged',
    // The money already went back to the buyer.
    dispute_lost: 'refused',
  };
  const LOST: Record<PaymentStatus, Expected> = {
    requires_payment: 'dispute_lost',
    processing: 'dispute_lost',
    failed: 'dispute_lost',
    succeeded: 'dispute_lost',
    partially_refunded: 'dispute_lost',
    disputed: 'dispute_lost',
    refunded: 'refused',
    canceled: 'refused',
    // The same close read again from Stripe.
    dispute_lost: 'unchanged',
  };

  for (const from of PAYMENT_STATUSES) {
    it(`${from} + dispute opened → ${OPENED[from]}`, () =>
      expectMove(at(from), { kind: 'dispute_opened' }, OPENED[from]));
    it(`${from} + dispute won → ${WON[from]}`, () =>
      expectMove(at(from), { kind: 'dispute_closed', won: true }, WON[from]));
    it(`${from} + dispute lost → ${LOST[from]}`, () =>
      expectMove(at(from), { kind: 'dispute_closed', won: false }, LOST[from]));
  }

  it('a won dispute on a partly refunded payment goes back to partially_refunded, keeping the amount', () => {
    expect(applyLedgerChange(at('disputed', 300), { kind: 'dispute_closed', won: true })).toEqual(
      moved('partially_refunded', 300),
    );
  });

  it('a lost dispute keeps what was refunded before it', () => {
    expect(applyLedgerChange(at('disputed', 300), { kind: 'dispute_closed', won: false })).toEqual(
      moved('dispute_lost', 300),
    );
  });
});

describe('the ledger only moves forward', () => {
  const CHANGES: LedgerChange[] = [
    ...INTENT_STATUSES.map((status) => ({ kind: 'intent', status }) as const),
    { kind: 'refunded', amountRefundedCents: 1 },
    { kind: 'refunded', amountRefundedCents: AMOUNT },
    { kind: 'dispute_opened' },
    { kind: 'dispute_closed', won: true },
    { kind: 'dispute_closed', won: false },
  ];

  it('nothing moves a payment out of refunded, canceled or dispute_lost', () => {
    for (const from of ['refunded', 'canceled', 'dispute_lost'] as const) {
      for (const change of CHANGES) {
        const move = applyLedgerChange(at(from), change);
        expect(move.outcome, `${from} + ${JSON.stringify(change)}`).not.toBe('moved');
        expect(move.state).toEqual(at(from));
      }
    }
  });

  it('nothing brings a payment that lost its access back to an open status', () => {
    for (const from of ['succeeded', 'partially_refunded', 'refunded', 'disputed', 'dispute_lost'] as const) {
      for (const change of CHANGES) {
        expect(isOpen(applyLedgerChange(at(from), change).state.status), `${from} + ${JSON.stringify(change)}`).toBe(
          false,
        );
      }
    }
  });
});

describe('status predicates', () => {
  const table: Record<PaymentStatus, { open: boolean; final: boolean; access: boolean }> = {
    requires_payment: { open: true, final: false, access: false },
    processing: { open: true, final: false, access: false },
    failed: { open: true, final: false, access: false },
    succeeded: { open: false, final: false, access: true },
    partially_refunded: { open: false, final: false, access: true },
    refunded: { open: false, final: true, access: false },
    canceled: { open: false, final: true, access: false },
    disputed: { open: false, final: false, access: false },
    dispute_lost: { open: false, final: true, access: false },
  };
  for (const status of PAYMENT_STATUSES) {
    it(`${status}: ${JSON.stringify(table[status])}`, () => {
      expect({ open: isOpen(status), final: isFinal(status), access: grantsAccess(status) }).toEqual(table[status]);
    });
  }
});

describe('intentStatusOf', () => {
  const cases: Array<[{ status: string; last_payment_error?: unknown }, IntentStatus]> = [
    [{ status: 'succeeded' }, 'succeeded'],
    [{ status: 'processing' }, 'processing'],
    [{ status: 'canceled' }, 'canceled'],
    [{ status: 'requires_payment_method', last_payment_error: null }, 'requires_payment'],
    [{ status: 'requires_payment_method' }, 'requires_payment'],
    // Stripe sends a declined intent back to requires_payment_method with the error kept.
    [{ status: 'requires_payment_method', last_payment_error: { code: 'card_declined' } }, 'failed'],
    [{ status: 'requires_confirmation' }, 'requires_payment'],
    [{ status: 'requires_action' }, 'requires_payment'],
    [{ status: 'requires_capture' }, 'requires_payment'],
    [{ status: 'something_new' }, 'requires_payment'],
  ];
  for (const [intent, expected] of cases) {
    it(`${JSON.stringify(intent)} → ${expected}`, () => expect(intentStatusOf(intent)).toBe(expected));
  }
});
