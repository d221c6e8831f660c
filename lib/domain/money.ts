// Amounts are kept in a currency's smallest unit (cents for most); this is where they
// become text, on the server and in the browser alike.

const formatters = new Map<string, Intl.NumberFormat>();

function formatterFor(code: string): Intl.NumberFormat {
  let format = formatters.get(code);
  if (!format) {
    format = new Intl.NumberFormat('en-US', { style: 'currency', currency: code });
    formatters.set(code, format);
  }
  return format;
}

/** '$1,234.50', '-$3.00', '¥500': `cents` (the smallest unit) of `currency`, an ISO code in any case. */
export function formatMoney(cents: number, currency: string): string {
  const format = formatterFor(currency.toUpperCase());
  // Zero-decimal currencies (JPY, KRW) count whole units, as Stripe does.
  const unit = 10 ** (format.resolvedOptions().minimumFractionDigits ?? 2);
  return format.format(cents / unit);
}
