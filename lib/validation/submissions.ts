import { z } from 'zod';
import { isImageUrl } from '@/lib/domain/images';
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
