// A connected account's state in the words the Payouts page uses. Pure: the page, the
// API and the tests share it.

export type PayoutAccountFacts = {
  chargesEnabled: boolean;
  payoutsEnabled: boolean;
  detailsSubmitted: boolean;
  requirementsDue: string[];
  disabledReason: string | null;
};

export type PayoutStateKind = 'not_connected' | 'needs_information' | 'in_review' | 'payouts_paused' | 'ready';

export type PayoutState = { kind: PayoutStateKind; label: string; detail: string };

export const PAYOUT_STATE_TEXT: Record<PayoutStateKind, Omit<PayoutState, 'kind'>> = {
  not_connected: {
    label: 'Not connected',
    detail: 'Connect a Stripe account to sell paid envolvements and receive your earnings.',
  },
  needs_information: {
    label: 'Stripe needs more information',
    detail: 'Finish setting up your Stripe account to take payments.',
  },
  in_review: {
    label: 'Stripe is reviewing your details',
    detail: 'Stripe is checking what you sent. This usually takes a few minutes.',
  },
  payouts_paused: {
    label: 'Payouts paused',
    detail: 'You can take payments, but Stripe holds your payouts until it has what it needs.',
  },
  ready: { label: 'Ready to take payments', detail: 'Buyers can pay for your envolvements and Stripe pays you out.' },
};

export function payoutStateKind(account: PayoutAccountFacts | null): PayoutStateKind {
  if (!account) return 'not_connected';
  if (!account.chargesEnabled) {
    // Sent everything and nothing more asked: Stripe is verifying it.
    return account.detailsSubmitted && account.requirementsDue.length === 0 ? 'in_review' : 'needs_information';
  }
  return account.payoutsEnabled ? 'ready' : 'payouts_paused';
}

export function payoutState(account: PayoutAccountFacts | null): PayoutState {
  const kind = payoutStateKind(account);
  return { kind, ...PAYOUT_STATE_TEXT[kind] };
}

const REQUIREMENT_WORDS: Array<[RegExp, string]> = [
  [/^external_account/, 'a bank account for payouts'],
  [/^tos_acceptance/, 'acceptance of Stripe’s terms'],
  [/^business_type/, 'your business type'],
  [/^business_profile/, 'details about your business'],
  [/(^|\.)(first_name|last_name)$/, 'your name'],
  [/(^|\.)dob\./, 'your date of birth'],
  [/(^|\.)address\./, 'your address'],
  [/(^|\.)(ssn_last_4|id_number)$/, 'your tax ID'],
  [/(^|\.)verification\./, 'an identity document'],
  [/(^|\.)(email|phone)$/, 'your contact details'],
];

/** Stripe's requirement fields ('individual.dob.day'…) as a short list of plain words, each once. */
export function describeRequirements(fields: string[]): string[] {
  const words = fields.map(
    (field) => REQUIREMENT_WORDS.find(([pattern]) => pattern.test(field))?.[1] ?? 'other account details',
  );
  return [...new Set(words)];
}
