import { z } from 'zod/mini';
import { isImageUrl } from '@/lib/domain/images';
import { CATEGORIES } from '@/lib/domain/categories';
import { LIMITS, MESSAGES } from './envolvement-limits';
import { checkText, requiredText } from './text';
import type { SubmissionTypes } from './submissions';

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
const optionalDate = z.pipe(
  z.optional(z.union([z.string(), z.null()])),
  // A zod/mini transform gets the parse payload, which has no addIssue: the issue is pushed.
  z.transform((value: string | null | undefined, ctx) => {
    if (value === null || value === undefined || value.trim() === '') return null;
    const date = new Date(value);
    if (!isStorableDate(date)) {
      ctx.issues.push({ code: 'custom', message: MESSAGES.invalidDate, input: value });
      return z.NEVER;
    }
    return date;
  }),
);

const imgUrl = z._default(
  z.string().check(
    z.trim(),
    z.maxLength(LIMITS.imgUrl, MESSAGES.invalidImage),
    z.refine((url) => url === '' || isImageUrl(url), MESSAGES.invalidImage),
    checkText('Image'),
  ),
  '',
);

const categories = (requiredMessage: string) =>
  z.array(z.enum(CATEGORIES, { error: MESSAGES.unknownCategory }), { error: requiredMessage }).check(
    z.minLength(1, requiredMessage),
    z.maxLength(LIMITS.categoriesMax, MESSAGES.tooManyCategories),
    z.refine((list) => new Set(list).size === list.length, 'Each category can be chosen once'),
  );

const title = requiredText('Title', {
  required: MESSAGES.titleRequired,
  max: LIMITS.title,
  tooLong: MESSAGES.titleTooLong,
});
const previewText = requiredText(
  'Preview text',
  { required: MESSAGES.previewRequired, max: LIMITS.previewText, tooLong: MESSAGES.previewTooLong },
  { multiline: true },
);
const description = z._default(
  z
    .string()
    .check(
      z.trim(),
      z.maxLength(LIMITS.description, MESSAGES.descriptionTooLong),
      checkText('Description', { multiline: true }),
    ),
  '',
);

// Said to each new member once they join; empty for none.
const welcomeMessage = z
  .string()
  .check(
    z.trim(),
    z.maxLength(LIMITS.welcomeMessage, MESSAGES.welcomeMessageTooLong),
    checkText('Welcome message', { multiline: true }),
  );

// Dollars as the spec sends them; null, empty or 0 means free. A paid price is what Stripe
// takes: at least 50 cents, whole cents, and at most 10,000.00. The limits are said in
// `currency`, the one the price is in.
const priceDollarsIn = (currency: string) =>
  z.optional(z.union([z.number(), z.null()])).check(
    z.refine((p) => p === null || p === undefined || p >= 0, MESSAGES.priceNegative),
    z.refine((p) => !p || p >= LIMITS.priceMin, MESSAGES.priceTooSmall(currency)),
    z.refine((p) => !p || (Number.isFinite(p) && p <= LIMITS.priceMax), MESSAGES.priceTooLarge(currency)),
    z.refine((p) => !p || Math.abs(p * 100 - Math.round(p * 100)) < 1e-6, MESSAGES.priceCents),
  );

/**
 * One schema per currency, built the first time it is asked for and kept: the wizard
 * checks its form on every change, and the server on every request.
 */
function perCurrency<T>(build: (currency: string) => T): (currency: string) => T {
  const built = new Map<string, T>();
  return (currency) => {
    const code = currency.toLowerCase();
    let schema = built.get(code);
    if (!schema) {
      schema = build(code);
      built.set(code, schema);
    }
    return schema;
  };
}

const quantityNumber = z.optional(z.union([z.number(), z.null()])).check(
  z.refine((q) => q === null || q === undefined || q >= 0, MESSAGES.quantityNegative),
  z.refine((q) => q === null || q === undefined || Number.isInteger(q), MESSAGES.quantityWhole),
  z.refine((q) => q === null || q === undefined || q <= LIMITS.quantityMax, MESSAGES.quantityTooLarge),
);

/** An end date after the target date is wrong at both fields: each says so. */
function refuseEndAfterTarget(end: Date | null, target: Date | null, ctx: z.core.$RefinementCtx): void {
  if (!end || !target || end.getTime() <= target.getTime()) return;
  ctx.addIssue({ code: 'custom', path: ['endDate', 'endDate'], message: MESSAGES.endAfterTarget });
  ctx.addIssue({ code: 'custom', path: ['targetEnvolvmentDate'], message: MESSAGES.targetBeforeEnd });
}

const submissionContent = z._default(
  z.object({
    picture: z._default(z.boolean(), false),
    description: z._default(z.boolean(), false),
    url: z._default(z.boolean(), false),
  }),
  { picture: false, description: false, url: false },
);

/**
 * Submissions allowed at creation are opened with it (createEnvolvement), so they need what
 * opening needs: instructions for the members and at least one type to accept.
 */
function refuseEmptySubmissions(
  submissions: { submissionsAllowed: boolean; submissionDescription: string; submissionContent: SubmissionTypes },
  ctx: z.core.$RefinementCtx,
): void {
  if (!submissions.submissionsAllowed) return;
  if (submissions.submissionDescription === '') {
    ctx.addIssue({
      code: 'custom',
      path: ['submissions', 'submissionDescription'],
      message: MESSAGES.submissionDescriptionRequired,
    });
  }
  const { picture, description, url } = submissions.submissionContent;
  if (!picture && !description && !url) {
    ctx.addIssue({
      code: 'custom',
      path: ['submissions', 'submissionContent'],
      message: MESSAGES.submissionTypeRequired,
    });
  }
}

/** The submission settings of a new envolvement; they are kept only while submissions are allowed. */
const creationSubmissions = z._default(
  z.object({
    submissionsAllowed: z._default(z.boolean(), false),
    submissionDescription: z._default(
      z
        .string()
        .check(
          z.trim(),
          z.maxLength(LIMITS.submissionDescription),
          checkText('Submission description', { multiline: true }),
        ),
      '',
    ),
    submissionDeadline: optionalDate,
    submissionContent,
  }),
  {
    submissionsAllowed: false,
    submissionDescription: '',
    submissionDeadline: null,
    submissionContent: { picture: false, description: false, url: false },
  },
);

/**
 * The creation body (spec section 3), its price limits said in `currency`: on the server the
 * site's (siteCurrency), which a new price is stored in; in the wizard the same, as
 * `Selling.currency` brings it.
 */
export const createEnvolvementSchema = perCurrency((currency) =>
  z
    .object({
      title,
      previewText,
      description,
      welcomeMessage: z._default(welcomeMessage, ''),
      imgUrl,
      categories: categories(MESSAGES.categoryRequired),
      price: z._default(z.object({ price: priceDollarsIn(currency), free: z._default(z.boolean(), true) }), {
        price: 0,
        free: true,
      }),
      quantity: z._default(z.object({ quantity: quantityNumber, unlimited: z._default(z.boolean(), true) }), {
        quantity: 0,
        unlimited: true,
      }),
      endDate: z._default(z.object({ endDate: optionalDate, none: z._default(z.boolean(), true) }), {
        endDate: null,
        none: true,
      }),
      targetEnvolvmentDate: optionalDate,
      submissions: creationSubmissions,
      // Comments start on: a creator turns them off, not on (the spec states no default).
      comments: z._default(z.boolean(), true),
      published: z._default(
        z.object({ published: z._default(z.boolean(), false), publishedReleaseDate: optionalDate }),
        { published: false, publishedReleaseDate: null },
      ),
    })
    .check(
      z.superRefine((input, ctx) => {
        const end = input.endDate.none ? null : input.endDate.endDate;
        const target = input.targetEnvolvmentDate;
        refuseEndAfterTarget(end, target, ctx);
        refuseEmptySubmissions(input.submissions, ctx);
        const dated: Array<[string[], Date | null]> = [
          [['endDate', 'endDate'], end],
          [['targetEnvolvmentDate'], target],
          [
            ['submissions', 'submissionDeadline'],
            input.submissions.submissionsAllowed ? input.submissions.submissionDeadline : null,
          ],
          [
            ['published', 'publishedReleaseDate'],
            input.published.published ? input.published.publishedReleaseDate : null,
          ],
        ];
        for (const [path, date] of dated) {
          if (date && isPastDate(date)) ctx.addIssue({ code: 'custom', path, message: MESSAGES.dateInPast });
        }
      }),
    ),
);

export type CreateEnvolvementInput = z.infer<ReturnType<typeof createEnvolvementSchema>>;

/**
 * The edit body, its price limits said in `currency`: the site's, as for creation, since
 * an edit that changes the price stores the new one in it (updateEnvolvement).
 */
export const editEnvolvementSchema = perCurrency((currency) =>
  z
    .object({
      title,
      previewText,
      description,
      // Left out, it stays as it is: only a form that shows it sends it.
      welcomeMessage: z.optional(welcomeMessage),
      imgUrl,
      categories: categories(MESSAGES.categoryEditRequired),
      price: z._default(z.nullable(z.object({ price: priceDollarsIn(currency), free: z.optional(z.boolean()) })), null),
      quantity: z._default(
        z.nullable(z.object({ quantity: quantityNumber, unlimited: z.optional(z.boolean()) })),
        null,
      ),
      endDate: z._default(z.nullable(z.object({ endDate: optionalDate, none: z.optional(z.boolean()) })), null),
      targetEnvolvmentDate: optionalDate,
      active: z.optional(z.boolean()),
      isActive: z.optional(z.boolean()),
      submissions: z.optional(
        z.object({
          submissionsAllowed: z.optional(z.boolean()),
          submissionsActive: z.optional(z.boolean()),
          submissionContent: z.optional(submissionContent),
        }),
      ),
      published: z.optional(
        z.object({ published: z._default(z.boolean(), false), publishedReleaseDate: optionalDate }),
      ),
    })
    .check(
      z.superRefine((input, ctx) => {
        const end = input.endDate && !input.endDate.none ? input.endDate.endDate : null;
        const target = input.targetEnvolvmentDate;
        refuseEndAfterTarget(end, target, ctx);
      }),
    ),
);

export type EditEnvolvementInput = z.infer<ReturnType<typeof editEnvolvementSchema>>;

export const updatePostSchema = z.object({
  title: requiredText('Title', {
    required: 'Title is required',
    max: LIMITS.updateTitle,
    tooLong: `Title must be ${LIMITS.updateTitle} characters or fewer`,
  }),
  description: requiredText(
    'Description',
    {
      required: 'Description is required',
      max: LIMITS.updateDescription,
      tooLong: `Description must be ${LIMITS.updateDescription} characters or fewer`,
    },
    { multiline: true },
  ),
  imgUrl,
});

export type UpdatePostInput = z.infer<typeof updatePostSchema>;

/** PUT /api/post/{id}/active: publish (true) or take back to draft (false). */
export const publishSchema = z.object({
  active: z.boolean({ error: 'active must be true or false' }),
});
