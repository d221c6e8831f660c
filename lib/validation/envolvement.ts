import { z } from 'zod';
import { isImageUrl } from '@/lib/domain/images';
import { CATEGORIES } from '@/lib/domain/categories';
import { checkText } from './text';

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
  updateTitle: 200,
  updateDescription: 4000,
} as const;

export const MESSAGES = {
  titleRequired: 'Title is required',
  titleTooLong: `Title must be ${LIMITS.title} characters or fewer`,
  previewRequired: 'Preview text is required',
  previewTooLong: `Preview text must be ${LIMITS.previewText} characters or fewer`,
  descriptionTooLong: `Description must be ${LIMITS.description} characters or fewer`,
  categoryRequired: 'At least one category is required',
  categoryEditRequired: 'Please select at least one category',
  tooManyCategories: `Choose at most ${LIMITS.categoriesMax} categories`,
  unknownCategory: 'Unknown category',
  priceNegative: 'Price cannot be negative',
  priceTooSmall: 'A paid price must be at least $0.50',
  priceTooLarge: 'Price cannot be more than $10,000.00',
  priceCents: 'Price can have at most two decimals',
  quantityNegative: 'Quantity cannot be negative',
  quantityTooLarge: `Quantity cannot be more than ${LIMITS.quantityMax}`,
  quantityWhole: 'Quantity must be a whole number',
  endAfterTarget: 'End date cannot be after target envolvement date.',
  targetBeforeEnd: 'Target envolvement date cannot be before end date.',
  dateInPast: 'Date cannot be in the past',
  invalidDate: 'Please enter a valid date',
  invalidImage: 'Image must be an uploaded image or an https link',
  fixErrors: 'Please fix the errors before submitting',
} as const;

const EARLIEST_UTC_OFFSET_MS = 14 * 60 * 60 * 1000;

/** A date the user picked "today" in any time zone is not in the past. */
export function isPastDate(date: Date, now: Date = new Date()): boolean {
  const startOfUtcDay = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return date.getTime() < startOfUtcDay - EARLIEST_UTC_OFFSET_MS;
}

/**
 * Whether a parsed date can be stored and read back: JavaScript's dates reach 275760 AD
 * (written `+275760-…`, which PostgreSQL refuses), and a year below 100 comes back from
 * the database as one of this century. No date of this app is that far either way.
 */
export function isStorableDate(date: Date): boolean {
  const year = date.getUTCFullYear();
  return !Number.isNaN(date.getTime()) && year >= 1900 && year <= 9999;
}

/** ISO date or date-time text, or empty for none. */
const optionalDate = z
  .union([z.string(), z.null()])
  .optional()
  .transform((value, ctx) => {
    if (value === null || value === undefined || value.trim() === '') return null;
    const date = new Date(value);
    if (!isStorableDate(date)) {
      ctx.addIssue({ code: 'custom', message: MESSAGES.invalidDate });
      return z.NEVER;
    }
    return date;
  });

const imgUrl = z
  .string()
  .trim()
  .max(LIMITS.imgUrl, MESSAGES.invalidImage)
  .refine((url) => url === '' || isImageUrl(url), MESSAGES.invalidImage)
  .check(checkText('Image'))
  .default('');

const categories = (requiredMessage: string) =>
  z
    .array(z.enum(CATEGORIES, { error: MESSAGES.unknownCategory }), { error: requiredMessage })
    .min(1, requiredMessage)
    .max(LIMITS.categoriesMax, MESSAGES.tooManyCategories)
    .refine((list) => new Set(list).size === list.length, 'Each category can be chosen once');

const title = z
  .string({ error: MESSAGES.titleRequired })
  .trim()
  .min(1, MESSAGES.titleRequired)
  .max(LIMITS.title, MESSAGES.titleTooLong)
  .check(checkText('Title'));
const previewText = z
  .string({ error: MESSAGES.previewRequired })
  .trim()
  .min(1, MESSAGES.previewRequired)
  .max(LIMITS.previewText, MESSAGES.previewTooLong)
  .check(checkText('Preview text', { multiline: true }));
const description = z
  .string()
  .trim()
  .max(LIMITS.description, MESSAGES.descriptionTooLong)
  .check(checkText('Description', { multiline: true }))
  .default('');

// Dollars as the spec sends them; null, empty or 0 means free. A paid price is what Stripe
// takes: at least 50 cents, whole cents, and at most 10,000.00.
const priceDollars = z
  .union([z.number(), z.null()])
  .optional()
  .refine((p) => p === null || p === undefined || p >= 0, MESSAGES.priceNegative)
  .refine((p) => !p || p >= LIMITS.priceMin, MESSAGES.priceTooSmall)
  .refine((p) => !p || (Number.isFinite(p) && p <= LIMITS.priceMax), MESSAGES.priceTooLarge)
  .refine((p) => !p || Math.abs(p * 100 - Math.round(p * 100)) < 1e-6, MESSAGES.priceCents);

const quantityNumber = z
  .union([z.number(), z.null()])
  .optional()
  .refine((q) => q === null || q === undefined || q >= 0, MESSAGES.quantityNegative)
  .refine((q) => q === null || q === undefined || Number.isInteger(q), MESSAGES.quantityWhole)
  .refine((q) => q === null || q === undefined || q <= LIMITS.quantityMax, MESSAGES.quantityTooLarge);

const submissionContent = z
  .object({
    picture: z.boolean().default(false),
    description: z.boolean().default(false),
    url: z.boolean().default(false),
  })
  .default({ picture: false, description: false, url: false });

export const createEnvolvementSchema = z
  .object({
    title,
    previewText,
    description,
    imgUrl,
    categories: categories(MESSAGES.categoryRequired),
    price: z.object({ price: priceDollars, free: z.boolean().default(true) }).default({ price: 0, free: true }),
    quantity: z
      .object({ quantity: quantityNumber, unlimited: z.boolean().default(true) })
      .default({ quantity: 0, unlimited: true }),
    endDate: z
      .object({ endDate: optionalDate, none: z.boolean().default(true) })
      .default({ endDate: null, none: true }),
    targetEnvolvmentDate: optionalDate,
    submissions: z
      .object({
        submissionsAllowed: z.boolean().default(false),
        submissionDescription: z
          .string()
          .trim()
          .max(LIMITS.submissionDescription)
          .check(checkText('Submission description', { multiline: true }))
          .default(''),
        submissionDeadline: optionalDate,
        submissionContent,
      })
      .default({
        submissionsAllowed: false,
        submissionDescription: '',
        submissionDeadline: null,
        submissionContent: { picture: false, description: false, url: false },
      }),
    comments: z.boolean().default(false),
    published: z
      .object({ published: z.boolean().default(false), publishedReleaseDate: optionalDate })
      .default({ published: false, publishedReleaseDate: null }),
  })
  .superRefine((input, ctx) => {
    const end = input.endDate.none ? null : input.endDate.endDate;
    const target = input.targetEnvolvmentDate;
    if (end && target && end.getTime() > target.getTime()) {
      ctx.addIssue({ code: 'custom', path: ['endDate', 'endDate'], message: MESSAGES.endAfterTarget });
      ctx.addIssue({ code: 'custom', path: ['targetEnvolvmentDate'], message: MESSAGES.targetBeforeEnd });
    }
    const dated: Array<[string[], Date | null]> = [
      [['endDate', 'endDate'], end],
      [['targetEnvolvmentDate'], target],
      [
        ['submissions', 'submissionDeadline'],
        input.submissions.submissionsAllowed ? input.submissions.submissionDeadline : null,
      ],
      [['published', 'publishedReleaseDate'], input.published.published ? input.published.publishedReleaseDate : null],
    ];
    for (const [path, date] of dated) {
      if (date && isPastDate(date)) ctx.addIssue({ code: 'custom', path, message: MESSAGES.dateInPast });
    }
  });

export type CreateEnvolvementInput = z.infer<typeof createEnvolvementSchema>;

export const editEnvolvementSchema = z
  .object({
    title,
    previewText,
    description,
    imgUrl,
    categories: categories(MESSAGES.categoryEditRequired),
    price: z.object({ price: priceDollars, free: z.boolean().optional() }).nullable().default(null),
    quantity: z.object({ quantity: quantityNumber, unlimited: z.boolean().optional() }).nullable().default(null),
    endDate: z.object({ endDate: optionalDate, none: z.boolean().optional() }).nullable().default(null),
    targetEnvolvmentDate: optionalDate,
    active: z.boolean().optional(),
    isActive: z.boolean().optional(),
    submissions: z
      .object({
        submissionsAllowed: z.boolean().optional(),
        submissionsActive: z.boolean().optional(),
        submissionContent: submissionContent.optional(),
      })
      .optional(),
    published: z.object({ published: z.boolean().default(false), publishedReleaseDate: optionalDate }).optional(),
  })
  .superRefine((input, ctx) => {
    const end = input.endDate && !input.endDate.none ? input.endDate.endDate : null;
    const target = input.targetEnvolvmentDate;
    if (end && target && end.getTime() > target.getTime()) {
      ctx.addIssue({ code: 'custom', path: ['endDate', 'endDate'], message: MESSAGES.endAfterTarget });
      ctx.addIssue({ code: 'custom', path: ['targetEnvolvmentDate'], message: MESSAGES.targetBeforeEnd });
    }
  });

export type EditEnvolvementInput = z.infer<typeof editEnvolvementSchema>;

export const updatePostSchema = z.object({
  title: z
    .string({ error: 'Title is required' })
    .trim()
    .min(1, 'Title is required')
    .max(LIMITS.updateTitle, `Title must be ${LIMITS.updateTitle} characters or fewer`)
    .check(checkText('Title')),
  description: z
    .string({ error: 'Description is required' })
    .trim()
    .min(1, 'Description is required')
    .max(LIMITS.updateDescription, `Description must be ${LIMITS.updateDescription} characters or fewer`)
    .check(checkText('Description', { multiline: true })),
  imgUrl,
});

export type UpdatePostInput = z.infer<typeof updatePostSchema>;

/** PUT /api/post/{id}/active: publish (true) or take back to draft (false). */
export const publishSchema = z.object({
  active: z.boolean({ error: 'active must be true or false' }),
});
