import { describe, expect, it } from 'vitest';
import {
  emptyWizard,
  isStepComplete,
  nextHint,
  setSubmissionsAllowed,
  toCreationBody,
} from '@/lib/envolvements/wizard';
import { validateWizard } from '@/lib/envolvements/wizard-check';

const filled = () => ({ ...emptyWizard(), title: 'T', previewText: 'P', categories: ['Art' as const] });

describe('step completeness', () => {
  it('step 1 needs a non-blank title, preview text and a category', () => {
    expect(isStepComplete(1, filled())).toBe(true);
    expect(isStepComplete(1, { ...filled(), title: '   ' })).toBe(false);
    expect(isStepComplete(1, { ...filled(), previewText: '' })).toBe(false);
    expect(isStepComplete(1, { ...filled(), categories: [] })).toBe(false);
  });
  it('step 2 needs quantity and price of at least 0; steps 3 and 4 always pass', () => {
    expect(isStepComplete(2, emptyWizard())).toBe(true);
    expect(isStepComplete(2, { ...emptyWizard(), quantity: -1 })).toBe(false);
    expect(isStepComplete(2, { ...emptyWizard(), price: -1 })).toBe(false);
    expect(isStepComplete(3, emptyWizard())).toBe(true);
    expect(isStepComplete(4, emptyWizard())).toBe(true);
  });
});

describe('why Next is disabled', () => {
  it('names what the step still needs, in one sentence', () => {
    expect(nextHint(1, emptyWizard(), 'usd')).toBe(
      'Add a title, a preview text and at least one category to continue.',
    );
    expect(nextHint(1, { ...filled(), categories: [] }, 'usd')).toBe('Add at least one category to continue.');
    expect(nextHint(1, { ...filled(), title: ' ', categories: [] }, 'usd')).toBe(
      'Add a title and at least one category to continue.',
    );
    expect(nextHint(2, { ...emptyWizard(), quantity: -1 }, 'usd')).toBe('Add a quantity of zero or more to continue.');
  });
  it('says nothing when Next is enabled', () => {
    expect(nextHint(1, filled(), 'usd')).toBeNull();
    expect(nextHint(3, emptyWizard(), 'usd')).toBeNull();
  });
});

describe('validateWizard', () => {
  it('gives every message of the final check', () => {
    expect(
      validateWizard(
        {
          ...emptyWizard(),
          title: ' ',
          price: -1,
          unlimited: false,
          quantity: -1,
          endDate: '2027-02-02',
          targetDate: '2027-01-01',
        },
        'usd',
      ),
    ).toEqual({
      title: 'Title is required',
      previewText: 'Preview text is required',
      categories: 'At least one category is required',
      'price.price': 'Price cannot be negative',
      'quantity.quantity': 'Quantity cannot be negative',
      'endDate.endDate': 'End date cannot be after target envolvement date.',
      targetEnvolvmentDate: 'Target envolvement date cannot be before end date.',
    });
    expect(validateWizard(filled(), 'usd')).toEqual({});
    expect(validateWizard({ ...filled(), endDate: '2027-01-01', targetDate: '2027-01-01' }, 'usd')).toEqual({});
  });
});

describe('user submissions toggle', () => {
  it('clears its description, deadline and types when turned off', () => {
    const on = {
      ...setSubmissionsAllowed(filled(), true),
      submissionDescription: 'x',
      submissionDeadline: '2027-01-01',
      submissionContent: { picture: true, description: true, url: true },
    };
    expect(setSubmissionsAllowed(on, false)).toMatchObject({
      submissionsAllowed: false,
      submissionDescription: '',
      submissionDeadline: '',
      submissionContent: { picture: false, description: false, url: false },
    });
  });
});

describe('toCreationBody', () => {
  it('sends trimmed text, quantity 0 when unlimited, price 0 when free and local-midnight dates', () => {
    const body = toCreationBody({ ...filled(), title: '  Hi  ', quantity: 40, unlimited: true, endDate: '2027-03-04' });
    expect(body).toMatchObject({
      type: 'BaseEnvolvement',
      isActive: false,
      title: 'Hi',
      price: { price: 0, free: true },
      quantity: { quantity: 0, unlimited: true, currentEnvolves: 0 },
      endDate: { none: false, endDate: new Date(2027, 2, 4).toISOString() },
      submissions: { submissionsActive: false, submissionsIDPair: null },
      targetEnvolvmentDate: null,
    });
    expect(body).not.toHaveProperty('userID');
    expect(toCreationBody({ ...filled(), unlimited: false, quantity: 12 }).quantity).toEqual({
      quantity: 12,
      unlimited: false,
      currentEnvolves: 0,
    });
  });
});
