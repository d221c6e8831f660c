// How dates read on the site, with the platform's Intl instead of a date library in the
// browser bundle. Local time: the reader's in the browser, the server's when it renders.

const DAY = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });

function asDate(value: Date | string): Date {
  return typeof value === 'string' ? new Date(value) : value;
}

/** 'Nov 26, 2026'. */
export function formatDay(value: Date | string): string {
  return DAY.format(asDate(value));
}

/** 'Nov 26, 2026, 5:40 AM' (built by hand: Intl puts a narrow no-break space before AM). */
export function formatDayTime(value: Date | string): string {
  const date = asDate(value);
  const hours = date.getHours();
  const minutes = String(date.getMinutes()).padStart(2, '0');
  return `${formatDay(date)}, ${hours % 12 || 12}:${minutes} ${hours < 12 ? 'AM' : 'PM'}`;
}

/** The local calendar day as a date input's value: '2026-11-26'. */
export function toDayInput(date: Date): string {
  const month = String(date.getMonth() + 1).padStart(2, '0');
  const day = String(date.getDate()).padStart(2, '0');
  return `${date.getFullYear()}-${month}-${day}`;
}
