import { z } from 'zod/mini';

/** The windows the Earnings page offers, in days back from today. */
export const EARNINGS_WINDOWS = [30, 90, 365] as const;
export type EarningsWindow = (typeof EARNINGS_WINDOWS)[number];

export const EARNINGS_WINDOW_MESSAGE = `days must be one of ${EARNINGS_WINDOWS.join(', ')}`;

/** `?days=30|90|365` (30 unless given). */
export const earningsQuerySchema = z.object({
  days: z.pipe(
    z.transform((value: unknown) => (Array.isArray(value) ? value[0] : value)),
    z.pipe(
      z.optional(z.string()),
      // A zod/mini transform gets the parse payload, which has no addIssue: the issue is pushed.
      z.transform((text: string | undefined, ctx): EarningsWindow => {
        if (text === undefined || text === '') return 30;
        const days = Number(text);
        if (!/^\d+$/.test(text) || !(EARNINGS_WINDOWS as readonly number[]).includes(days)) {
          ctx.issues.push({ code: 'custom', message: EARNINGS_WINDOW_MESSAGE, input: text });
          return z.NEVER;
        }
        return days as EarningsWindow;
      }),
    ),
  ),
});
