import { describe, expect, it } from 'vitest';
import { describeRequirements, payoutState, type PayoutAccountFacts } from '@/lib/payouts/state';

const account = (facts: Partial<PayoutAccountFacts> = {}): PayoutAccountFacts => ({
  chargesEnabled: false,
  payoutsEnabled: false,
  detailsSubmitted: false,
  requirementsDue: ['external_account'],
  disabledReason: 'requirements.past_due',
  ...facts,
});

describe('payoutState', () => {
  it('names each state of a connected account in plain words', () => {
    expect(payoutState(null)).toMatchObject({ kind: 'not_connected', label: 'Not connected' });
    expect(payoutState(account())).toMatchObject({
      kind: 'needs_information',
      label: 'Stripe needs more information',
    });
    expect(payoutState(account({ detailsSubmitted: true }))).toMatchObject({ kind: 'needs_information' });
    expect(payoutState(account({ detailsSubmitted: true, requirementsDue: [] }))).toMatchObject({
      kind: 'in_review',
      label: 'Stripe is reviewing your details',
    });
    expect(payoutState(account({ chargesEnabled: true, detailsSubmitted: true }))).toMatchObject({
      kind: 'payouts_paused',
      label: 'Payouts paused',
    });
    expect(
      payoutState(account({ chargesEnabled: true, payoutsEnabled: true, detailsSubmitted: true, requirementsDue: [] })),
    ).toMatchObject({ kind: 'ready', label: 'Ready to take payments' });
  });
});

describe('describeRequirements', () => {
  it('turns Stripe’s fields into a short list of words, each once', () => {
    expect(
      describeRequirements([
        'individual.first_name',
        'individual.last_name',
        'individual.dob.day',
        'individual.dob.month',
        'external_account',
        'tos_acceptance.date',
        'tos_acceptance.ip',
        'individual.verification.document',
        'something_new',
      ]),
    ).toEqual([
      'your name',
      'your date of birth',
      'a bank account for payouts',
      'acceptance of Stripe’s terms',
      'an identity document',
      'other account details',
    ]);
    expect(describeRequirements([])).toEqual([]);
  });
});
