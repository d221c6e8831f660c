import { z } from 'zod';

export const checkoutBodySchema = z.object({
  submissionId: z.string({ error: 'submissionId is required' }).min(1, 'submissionId is required').max(100),
  paymentIntentId: z.string().max(255).optional(),
});
