import { z } from 'zod';
import { checkText } from './text';

export const checkoutBodySchema = z.object({
  submissionId: z
    .string({ error: 'submissionId is required' })
    .min(1, 'submissionId is required')
    .max(100)
    .check(checkText('submissionId')),
  paymentIntentId: z.string().max(255).check(checkText('paymentIntentId')).optional(),
});
