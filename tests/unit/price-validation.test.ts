import { describe, expect, it } from 'vitest';
import { parsePriceInput } from '@/lib/domain/selling';
import { receiptLine } from '@/lib/envolvements/rules';
import { emptyWizard, missingForStep, nextHint } from '@/lib/envolvements/wizard';
import { createEnvolvementSchema, editEnvolvementSchema } from '@/lib/validation/envolvement';
import { checkWith } from '@/lib/validation/check';
import { creationBody } from '../factories/envolvement-input';

const priceErrors = (price: number | null, free = false, currency = 'usd') => {
  const checked = checkWith(createEnvolvementSchema(currency), creationBody({ price: { price, free } }));
  return checked.ok ? {} : checked.fields;
};
const edit = (price: number, currency = 'usd') =>
  checkWith(editEnvolvementSchema(currency), { ...creationBody(), price: { price } });
const step2 = (price: number, currency = 'usd') => missingForStep(2, { ...emptyWizard(), price }, currency);

describe('the price rule shared by the wizard, the edit form and the server', () => {
  it('takes free, or from $0.50 to $10,000.00 in whole cents', () => {
    for (const price of [null, 0, 0.5, 0.51, 12, 19.99, 9999.99, 10000]) expect(priceErrors(price)).toEqual({});
  });

  it('refuses a price below $0.50, above $10,000.00, with a fraction of a cent, or negative', () => {
    expect(priceErrors(0.49)).toEqual({ 'price.price': 'A paid price must be at least $0.50' });
    expect(priceErrors(0.01)).toEqual({ 'price.price': 'A paid price must be at least $0.50' });
    expect(priceErrors(10000.01)).toEqual({ 'price.price': 'Price cannot be more than $10,000.00' });
    expect(priceErrors(1e12)).toEqual({ 'price.price': 'Price cannot be more than $10,000.00' });
    expect(priceErrors(1.005)).toEqual({ 'price.price': 'Price can have at most two decimals' });
    expect(priceErrors(-0.01)).toMatchObject({ 'price.price': 'Price cannot be negative' });
  });

  it('holds for the edit payload too', () => {
    expect(edit(0.49)).toMatchObject({ ok: false, fields: { 'price.price': 'A paid price must be at least $0.50' } });
    expect(edit(25)).toMatchObject({ ok: true });
  });

  it('keeps Next on step 2 until the price fits', () => {
    expect(step2(0)).toEqual([]);
    expect(step2(12)).toEqual([]);
    expect(step2(0.3)).toEqual(['a price of at least $0.50']);
    expect(step2(10001)).toEqual(['a price of at most $10,000.00']);
    expect(step2(Number.NaN)).toEqual(['a price of zero or more']);
  });

  it('says the limits in the currency the price is in, with the same words', () => {
    expect(priceErrors(0.49, false, 'eur')).toEqual({ 'price.price': 'A paid price must be at least €0.50' });
    expect(priceErrors(10000.01, false, 'eur')).toEqual({ 'price.price': 'Price cannot be more than €10,000.00' });
    expect(priceErrors(1.005, false, 'eur')).toEqual({ 'price.price': 'Price can have at most two decimals' });
    expect(edit(0.49, 'eur')).toMatchObject({ fields: { 'price.price': 'A paid price must be at least €0.50' } });
    expect(edit(10000.01, 'EUR')).toMatchObject({ fields: { 'price.price': 'Price cannot be more than €10,000.00' } });
    expect(step2(0.3, 'eur')).toEqual(['a price of at least €0.50']);
    expect(step2(10001, 'eur')).toEqual(['a price of at most €10,000.00']);
    expect(nextHint(2, { ...emptyWizard(), price: 0.3 }, 'eur')).toBe('Add a price of at least €0.50 to continue.');
    // One schema per currency, built once and kept, whatever the case of its code.
    expect(createEnvolvementSchema('EUR')).toBe(createEnvolvementSchema('eur'));
    expect(createEnvolvementSchema('eur')).not.toBe(createEnvolvementSchema('usd'));
  });

  it('reads the price input: empty is free', () => {
    expect(parsePriceInput('')).toBe(0);
    expect(parsePriceInput(' 12.50 ')).toBe(12.5);
    expect(parsePriceInput('abc')).toBeNaN();
  });
});

describe('receiptLine', () => {
  const base = {
    joinedAt: '2026-11-25T10:00:00.000Z',
    paidAt: null,
    amountCents: 0,
    currency: 'usd',
    paymentStatus: null,
  };

  it('says what was paid, to whom, when, and where the payment stands', () => {
    expect(
      receiptLine(
        { ...base, free: false, amountCents: 1200, paidAt: '2026-11-24T23:59:00.000Z', paymentStatus: 'succeeded' },
        'maya',
      ),
    ).toBe('Paid $12.00 to @maya on Nov 24, 2026 · Paid');
    expect(receiptLine({ ...base, free: false, amountCents: 1200, paymentStatus: 'refunded' }, 'maya')).toBe(
      'Paid $12.00 to @maya on Nov 25, 2026 · Refunded',
    );
  });

  it('says when a free membership began', () => {
    expect(receiptLine({ ...base, free: true }, 'maya')).toBe('Joined for free on Nov 25, 2026');
  });
});
