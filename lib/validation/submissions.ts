import { z } from 'zod/mini';
import { isImageUrl } from '@/lib/domain/images';
import { checkWith } from './check';
import type { FieldErrors } from './field-errors';
import { checkText } from './text';

export const openSubmissionsSchema = z
  .object({
    picture: z._default(z.boolean(), false),
    description: z._default(z.boolean(), false),
    url: z._default(z.boolean(), false),
  })
  .check(
    z.refine((t) => t.picture || t.description || t.url, {
      message: 'Choose at least one submission type',
      path: ['types'],
    }),
  );

export type OpenSubmissionsInput = z.infer<typeof openSubmissionsSchema>;

export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

export const SUBMISSION_LIMITS = { description: 4000, url: 2000 } as const;

export const userSubmissionSchema = z.object({
  description: z.optional(
    z
      .string()
      .check(
        z.trim(),
        z.maxLength(
          SUBMISSION_LIMITS.description,
          `Description must be ${SUBMISSION_LIMITS.description} characters or fewer`,
        ),
        checkText('Description', { multiline: true }),
      ),
  ),
  url: z.optional(
    z.string().check(
      z.trim(),
      z.maxLength(SUBMISSION_LIMITS.url, `Link must be ${SUBMISSION_LIMITS.url} characters or fewer`),
      z.refine((v) => !v || isHttpUrl(v), 'Link must be a valid http(s) URL'),
      checkText('Link'),
    ),
  ),
  picture: z.optional(
    z.string().check(
      z.trim(),
      z.maxLength(2000),
      z.refine((v) => !v || isImageUrl(v), 'Picture must be an uploaded image'),
      checkText('Picture'),
    ),
  ),
});

export type UserSubmissionInput = z.infer<typeof userSubmissionSchema>;

export type SubmissionTypes = { picture: boolean; description: boolean; url: boolean };

/**
 * What a submission lacks or carries beyond the types its envolvement asks for, by field.
 * Only a picture may be left out, and then only when something else is asked for.
 */
export function submissionProblems(input: UserSubmissionInput, allowed: SubmissionTypes): FieldErrors {
  const fields: FieldErrors = {};
  if (input.description && !allowed.description) fields.description = 'Text submissions are not allowed here.';
  if (input.url && !allowed.url) fields.url = 'Link submissions are not allowed here.';
  if (input.picture && !allowed.picture) fields.picture = 'Picture submissions are not allowed here.';
  if (allowed.description && !input.description) fields.description = 'Description is required';
  if (allowed.url && !input.url) fields.url = 'Link is required';
  if (allowed.picture && !allowed.description && !allowed.url && !input.picture) fields.picture = 'Picture is required';
  return fields;
}

/** The form's check before sending: the schema's rules, then the envolvement's types. */
export function checkSubmission(values: UserSubmissionInput, allowed: SubmissionTypes): FieldErrors {
  const checked = checkWith(userSubmissionSchema, values);
  if (checked.ok) return submissionProblems(checked.data, allowed);
  // Blank text is missing text, as the schema's trimming would make it.
  const trimmed = { description: values.description?.trim(), url: values.url?.trim(), picture: values.picture?.trim() };
  return { ...submissionProblems(trimmed, allowed), ...checked.fields };
}

const progressSchema = z.object({
  inReview: z._default(z.boolean(), false),
  approved: z._default(z.boolean(), false),
  denied: z._default(z.boolean(), false),
  completed: z._default(z.boolean(), false),
});

export const statusUpdateSchema = z.object({
  SubmissionProgressArray: z
    .array(
      z.object({
        userID: z.string().check(z.minLength(1), z.maxLength(300), checkText('userID')),
        progress: progressSchema,
      }),
      { error: 'SubmissionProgressArray is required' },
    )
    .check(z.minLength(1, 'Nothing to update'), z.maxLength(1000)),
});

export type StatusUpdateInput = z.infer<typeof statusUpdateSchema>;
