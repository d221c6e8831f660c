// The limits of an envolvement's fields and the messages that say so: what the forms need
// to draw their fields, apart from the schemas (envolvement.ts) that check them.
import { formatMoney } from '@/lib/domain/money';

export const LIMITS = {
  title: 200,
  previewText: 1000,
  description: 4000,
  categoriesMax: 3,
  quantityMax: 10000,
  priceMin: 0.5,
  priceMax: 10000,
  imgUrl: 2000,
  submissionDescription: 2000,
  welcomeMessage: 1000,
  updateTitle: 200,
  updateDescription: 4000,
} as const;

/**
 * The lowest and the highest paid price as `currency` writes them: '$0.50' and '$10,000.00'
 * for usd, '€0.50' and '€10,000.00' for eur. The limits are in the unit a price is typed
 * in, turned into the smallest unit the way a typed price is (dollarsToCents).
 */
export function priceLimitsIn(currency: string): { min: string; max: string } {
  const money = (units: number) => formatMoney(Math.round(units * 100), currency);
  return { min: money(LIMITS.priceMin), max: money(LIMITS.priceMax) };
}

export const MESSAGES = {
  titleRequired: 'Title is required',
  titleTooLong: `Title must be ${LIMITS.title} characters or fewer`,
  previewRequired: 'Preview text is required',
  previewTooLong: `Preview text must be ${LIMITS.previewText} characters or fewer`,
  descriptionTooLong: `Description must be ${LIMITS.description} characters or fewer`,
  welcomeMessageTooLong: `Welcome message must be ${LIMITS.welcomeMessage} characters or fewer`,
  categoryRequired: 'At least one category is required',
  categoryEditRequired: 'Please select at least one category',
  tooManyCategories: `Choose at most ${LIMITS.categoriesMax} categories`,
  unknownCategory: 'Unknown category',
  priceNegative: 'Price cannot be negative',
  // In the currency the price is in: a creator selling in euros reads euros.
  priceTooSmall: (currency: string) => `A paid price must be at least ${priceLimitsIn(currency).min}`,
  priceTooLarge: (currency: string) => `Price cannot be more than ${priceLimitsIn(currency).max}`,
  priceCents: 'Price can have at most two decimals',
  quantityNegative: 'Quantity cannot be negative',
  quantityTooLarge: `Quantity cannot be more than ${LIMITS.quantityMax}`,
  quantityWhole: 'Quantity must be a whole number',
  endAfterTarget: 'End date cannot be after target envolvement date.',
  targetBeforeEnd: 'Target envolvement date cannot be before end date.',
  dateInPast: 'Date cannot be in the past',
  invalidDate: 'Please enter a valid date',
  invalidImage: 'Image must be an uploaded image or an https link',
  submissionDescriptionRequired: 'Submission description is required',
  submissionTypeRequired: 'Choose at least one submission type',
  fixErrors: 'Please fix the errors before submitting',
} as const;
