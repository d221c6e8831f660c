import { z } from 'zod/mini';
import { checkText } from './text';

// The test card of `npm run dev`'s local card form, checked as Stripe's Payment Element checks
// a card, with its messages: the form and the development-only route that pays with it share it.

export const TEST_CARD_LIMITS = {
  /** Card numbers run from 13 to 19 digits; spaces between them are allowed. */
  numberDigits: { min: 13, max: 19 },
  numberLength: 32,
  expiryLength: 9,
  paymentIntentIdLength: 255,
} as const;

const NUMBER_INCOMPLETE = 'Your card number is incomplete.';
const NUMBER_INVALID = 'Your card number is invalid.';
const EXPIRY_INCOMPLETE = "Your card's expiration date is incomplete.";
const EXPIRY_INVALID = "Your card's expiration date is invalid.";
const EXPIRY_PAST = "Your card's expiration date is in the past.";
const CVC_INCOMPLETE = "Your card's security code is incomplete.";
const CVC_INVALID = "Your card's security code is invalid.";

const digitsOf = (number: string) => number.replace(/ /g, '');

/** The Luhn checksum every card number carries in its last digit. */
function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (const [i, char] of [...digits].reverse().entries()) {
    const digit = Number(char) * (i % 2 === 1 ? 2 : 1);
    sum += digit > 9 ? digit - 9 : digit;
  }
  return sum % 10 === 0;
}

const { min, max } = TEST_CARD_LIMITS.numberDigits;
const cardNumber = z.string({ error: NUMBER_INCOMPLETE }).check(
  z.maxLength(TEST_CARD_LIMITS.numberLength, NUMBER_INVALID),
  z.refine((value) => /^[\d ]*$/.test(value), NUMBER_INVALID),
  z.refine((value) => digitsOf(value).length >= min, NUMBER_INCOMPLETE),
  z.refine((value) => digitsOf(value).length <= max, NUMBER_INVALID),
  z.refine((value) => passesLuhn(digitsOf(value)), NUMBER_INVALID),
);

const EXPIRY = /^(\d{2}) ?\/ ?(\d{2})$/;

/** MM / YY: a month, and not before this month. */
function expiryProblem(value: string, now = new Date()): string | null {
  const parts = EXPIRY.exec(value.trim());
  if (!parts) return EXPIRY_INCOMPLETE;
  const month = Number(parts[1]);
  if (month < 1 || month > 12) return EXPIRY_INVALID;
  const year = 2000 + Number(parts[2]);
  const thisYear = now.getUTCFullYear();
  return year < thisYear || (year === thisYear && month < now.getUTCMonth() + 1) ? EXPIRY_PAST : null;
}

const expiry = z.string({ error: EXPIRY_INCOMPLETE }).check(
  z.maxLength(TEST_CARD_LIMITS.expiryLength, EXPIRY_INVALID),
  z.superRefine((value, context) => {
    const problem = expiryProblem(value);
    if (problem) context.addIssue({ code: 'custom', message: problem, input: value });
  }),
);

const cvc = z.string({ error: CVC_INCOMPLETE }).check(
  z.refine((value) => /^\d*$/.test(value) && value.length <= 4, CVC_INVALID),
  z.refine((value) => value.length >= 3, CVC_INCOMPLETE),
);

export const testCardSchema = z.pipe(
  z.object({
    paymentIntentId: z
      .string({ error: 'paymentIntentId is required' })
      .check(
        z.minLength(1, 'paymentIntentId is required'),
        z.maxLength(TEST_CARD_LIMITS.paymentIntentIdLength),
        checkText('paymentIntentId'),
      ),
    number: cardNumber,
    expiry,
    cvc,
  }),
  z.transform((card) => ({ ...card, number: digitsOf(card.number) })),
);
