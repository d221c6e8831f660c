import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { SettingsStep } from '@/components/create/wizard-steps';
import { FreeOnlyPrice } from '@/components/envolvement/free-only-price';
import { createHint, emptyWizard, missingForCreate, type WizardState } from '@/lib/envolvements/wizard';
import { validateWizard } from '@/lib/envolvements/wizard-check';
import type { FieldErrors } from '@/lib/validation/field-errors';

const ready = (overrides: Partial<WizardState> = {}): WizardState => ({
  ...emptyWizard(),
  title: 'Portrait commission',
  previewText: 'A hand-drawn portrait of you.',
  categories: ['Art'],
  ...overrides,
});

const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');

const selling = { canSell: false, stripeConfigured: false, feePercent: 5, currency: 'usd' };
const settings = (state: WizardState, errors: FieldErrors = {}) =>
  renderToStaticMarkup(
    createElement(SettingsStep, { state, errors, selling, update: () => undefined, touch: () => undefined }),
  );

describe('the settings step', () => {
  it('starts with comments on', () => {
    expect(emptyWizard().comments).toBe(true);
    expect(settings(emptyWizard())).toMatch(
      /aria-checked="true"[^>]*id="comments"|id="comments"[^>]*aria-checked="true"/,
    );
  });

  it('shows the submission settings errors under their fields', () => {
    const html = text(
      settings(ready({ submissionsAllowed: true }), {
        'submissions.submissionDescription': 'Submission description is required',
        'submissions.submissionContent': 'Choose at least one submission type',
      }),
    );
    expect(html).toContain(
      'Allowed Submission Types Text Description Pictures URLs Choose at least one submission type',
    );
    expect(html).toContain('Submission Description Submission description is required');
    // Without an error its place holds a hint, so that the error pushes nothing down.
    expect(text(settings(ready({ submissionsAllowed: true })))).toContain(
      'Submission Description Members read this before they send their entry.',
    );
  });
});

describe('Create with user submissions on', () => {
  it('is held back until they have a description and a type, and says what is missing', () => {
    expect(missingForCreate(ready())).toEqual([]);
    expect(createHint(ready())).toBeNull();
    const bare = ready({ submissionsAllowed: true });
    expect(createHint(bare)).toBe('Add a submission description and at least one submission type to create.');
    expect(createHint({ ...bare, submissionDescription: '  ' })).toBe(
      'Add a submission description and at least one submission type to create.',
    );
    expect(createHint({ ...bare, submissionDescription: 'A photo' })).toBe(
      'Add at least one submission type to create.',
    );
    const typed = { ...bare, submissionContent: { picture: false, description: false, url: true } };
    expect(createHint(typed)).toBe('Add a submission description to create.');
    expect(createHint({ ...typed, submissionDescription: 'A link to your clip' })).toBeNull();
  });

  it('is refused by the final check with the server schema words, at the fields the step shows', () => {
    expect(validateWizard(ready({ submissionsAllowed: true }), 'usd')).toEqual({
      'submissions.submissionDescription': 'Submission description is required',
      'submissions.submissionContent': 'Choose at least one submission type',
    });
    const complete = ready({
      submissionsAllowed: true,
      submissionDescription: 'A photo of you',
      submissionContent: { picture: true, description: false, url: false },
    });
    expect(validateWizard(complete, 'usd')).toEqual({});
  });
});

describe('the price of a creator who cannot be paid', () => {
  const price = (stripeConfigured: boolean) =>
    text(renderToStaticMarkup(createElement(FreeOnlyPrice, { id: 'price', stripeConfigured })));

  it('says one thing: connect payouts on a site that takes cards', () => {
    const html = price(true);
    expect(html).toContain('Connect payouts to sell paid envolvements.');
    expect(html).not.toContain('early access');
  });

  it('says the early-access hint on a site without card payments, and nothing about payouts', () => {
    const html = price(false);
    expect(html).toContain('Paid envolvements are not available in early access.');
    expect(html).not.toContain('payouts');
  });
});
