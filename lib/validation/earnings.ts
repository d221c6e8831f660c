import { z } from 'zod';
import { EARNINGS_WINDOWS, type EarningsWindow } from '@/lib/earnings/windows';

export const EARNINGS_WINDOW_MESSAGE = `days must be one of ${EARNINGS_WINDOWS.join(', ')}`;

/** `?days=30|90|365` (30 unless given). */
export const earningsQuerySchema = z.object({
  days: z.preprocess(
    (value) => (Array.isArray(value) ? value[0] : value),
    z
      .string()
      .optional()
      .transform((text, ctx): EarningsWindow => {
        if (text === undefined || text === '') return 30;
        const days = Number(text);
        if (!/^\d+$/.test(text) || !(EARNINGS_WINDOWS as readonly number[]).includes(days)) {
          ctx.addIssue({ code: 'custom', message: EARNINGS_WINDOW_MESSAGE });
          return z.NEVER;
        }
        return days as EarningsWindow;
      }),
  ),
});
