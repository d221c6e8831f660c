import { format } from 'date-fns';
import { describe, expect, it } from 'vitest';
import { formatDay, formatDayTime, toDayInput } from '@/lib/domain/dates';

// Local dates, so the expectations hold in any time zone the tests run in.
const MOMENTS = [
  new Date(2026, 10, 26, 0, 5),
  new Date(2026, 10, 26, 9, 7),
  new Date(2026, 10, 26, 12, 0),
  new Date(2026, 0, 1, 23, 59),
  new Date(1999, 11, 31, 13, 30),
];

describe('dates as the site writes them', () => {
  it('writes a day as "Nov 26, 2026", from a Date or ISO text', () => {
    expect(formatDay(new Date(2026, 10, 26, 15))).toBe('Nov 26, 2026');
    expect(formatDay(new Date(2026, 4, 3).toISOString())).toBe('May 3, 2026');
  });

  it('writes a time on the 12-hour clock with a plain space before AM or PM', () => {
    expect(formatDayTime(new Date(2026, 10, 26, 0, 5))).toBe('Nov 26, 2026, 12:05 AM');
    expect(formatDayTime(new Date(2026, 10, 26, 12, 0))).toBe('Nov 26, 2026, 12:00 PM');
    expect(formatDayTime(new Date(2026, 10, 26, 17, 40))).toBe('Nov 26, 2026, 5:40 PM');
  });

  it('reads the same as the date library the rest of the app uses', () => {
    for (const moment of MOMENTS) {
      expect(formatDay(moment)).toBe(format(moment, 'MMM d, yyyy'));
      expect(formatDayTime(moment)).toBe(format(moment, 'MMM d, yyyy, h:mm a'));
      expect(toDayInput(moment)).toBe(format(moment, 'yyyy-MM-dd'));
    }
  });

  it('gives a date input the local calendar day', () => {
    expect(toDayInput(new Date(2026, 1, 3, 23, 30))).toBe('2026-02-03');
  });
});
