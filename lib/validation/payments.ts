import { z } from 'zod/mini';
import { checkText } from './text';

/**
 * The checkout calls' body. The spec names the envolvement's id `submissionId`; past
 * this schema the code calls it what it is, `envolvementId`.
 */
export const checkoutBodySchema = z.pipe(
  z.object({
    submissionId: z
      .string({ error: 'submissionId is required' })
      .check(z.minLength(1, 'submissionId is required'), z.maxLength(100), checkText('submissionId')),
    paymentIntentId: z.optional(z.string().check(z.maxLength(255), checkText('paymentIntentId'))),
  }),
  z.transform(({ submissionId, paymentIntentId }) => ({ envolvementId: submissionId, paymentIntentId })),
);
