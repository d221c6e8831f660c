import { z } from 'zod';
import { isImageUrl } from '@/lib/domain/images';
import { checkWith, type FieldErrors } from './field-errors';
import { checkText } from './text';

export const openSubmissionsSchema = z
  .object({
    picture: z.boolean().default(false),
    description: z.boolean().default(false),
    url: z.boolean().default(false),
  })
  .refine((t) => t.picture || t.description || t.url, {
    message: 'Choose at least one submission type',
    path: ['types'],
  });

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
  description: z
    .string()
    .trim()
    .max(SUBMISSION_LIMITS.description, `Description must be ${SUBMISSION_LIMITS.description} characters or fewer`)
    .check(checkText('Description', { multiline: true }))
    .optional(),
  url: z
    .string()
    .trim()
    .max(SUBMISSION_LIMITS.url, `Link must be ${SUBMISSION_LIMITS.url} characters or fewer`)
    .refine((v) => !v || isHttpUrl(v), 'Link must be a valid http(s) URL')
    .check(checkText('Link'))
    .optional(),
  picture: z
    .string()
    .trim()
    .max(2000)
    .refine((v) => !v || isImageUrl(v), 'Picture must be an uploaded image')
    .check(checkText('Picture'))
    .optional(),
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
  inReview: z.boolean().default(false),
  approved: z.boolean().default(false),
  denied: z.boolean().default(false),
  completed: z.boolean().default(false),
});

export const statusUpdateSchema = z.object({
  SubmissionProgressArray: z
    .array(z.object({ userID: z.string().min(1).max(300).check(checkText('userID')), progress: progressSchema }), {
      error: 'SubmissionProgressArray is required',
    })
    .min(1, 'Nothing to update')
    .max(1000),
});

export type StatusUpdateInput = z.infer<typeof statusUpdateSchema>;
