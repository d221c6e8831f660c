import { z } from 'zod';
import { checkText } from './text';

/**
 * The checkout calls' body. The spec names the envolvement's id `submissionId`; past
 * this schema the code calls it what it is, `envolvementId`.
 */
export const checkoutBodySchema = z
  .object({
    submissionId: z
      .string({ error: 'submissionId is required' })
      .min(1, 'submissionId is required')
      .max(100)
      .check(checkText('submissionId')),
    paymentIntentId: z.string().max(255).check(checkText('paymentIntentId')).optional(),
  })
  .transform(({ submissionId, paymentIntentId }) => ({ envolvementId: submissionId, paymentIntentId }));
