/** The windows the Earnings page offers, in days back from today. */
export const EARNINGS_WINDOWS = [30, 90, 365] as const;
export type EarningsWindow = (typeof EARNINGS_WINDOWS)[number];
