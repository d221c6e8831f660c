// Amounts are kept in a currency's smallest unit (cents for most); this is where they
// become text, on the server and in the browser alike.

// Stripe's own lists of currencies whose smallest unit is not a hundredth. They differ
// from ISO 4217 for a few (Stripe counts ISK and HUF in hundredths), and Stripe's amounts
// are what the database holds.
const ZERO_DECIMAL = new Set('BIF CLP DJF GNF JPY KMF KRW MGA PYG RWF UGX VND VUV XAF XOF XPF'.split(' '));
const THREE_DECIMAL = new Set('BHD JOD KWD OMR TND'.split(' '));

const formatters = new Map<string, Intl.NumberFormat>();

function formatterFor(code: string): Intl.NumberFormat {
  let format = formatters.get(code);
  if (!format) {
    format = new Intl.NumberFormat('en-US', { style: 'currency', currency: code });
    formatters.set(code, format);
  }
  return format;
}

/** How many digits of `code` (uppercase) the smallest unit stands for: 0 for JPY, 2 for USD. */
function minorDigits(code: string): number {
  if (ZERO_DECIMAL.has(code)) return 0;
  return THREE_DECIMAL.has(code) ? 3 : 2;
}

/** `cents` (the smallest unit) of `currency` in whole units: 1250 usd is 12.5, 500 jpy is 500. */
export function toMajorUnits(cents: number, currency: string): number {
  return cents / 10 ** minorDigits(currency.toUpperCase());
}

/** '$1,234.50', '-$3.00', '¥500': `cents` (the smallest unit) of `currency`, an ISO code in any case. */
export function formatMoney(cents: number, currency: string): string {
  const code = currency.toUpperCase();
  return formatterFor(code).format(toMajorUnits(cents, code));
}

/** An offer's price: '$4.99', '€4.99', or 'Free' for zero. */
export function formatPrice(cents: number, currency: string): string {
  return cents <= 0 ? 'Free' : formatMoney(cents, currency);
}

/**
 * The amount as a plain number for a spreadsheet: '1234.50', '-3.00', '500' (JPY). No
 * symbol and no grouping: the currency goes in a column of its own.
 */
export function formatAmount(cents: number, currency: string): string {
  const code = currency.toUpperCase();
  return toMajorUnits(cents, code).toFixed(minorDigits(code));
}
