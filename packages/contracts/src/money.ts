// The wire encoding of money: integer cents inside every service, a two-place decimal string
// on the wire ("19.99", spec §3). One encoder for every team, so no two services format prices differently.

const DECIMAL = /^(\d{1,9})(?:\.(\d{1,2}))?$/;

export function centsToDecimal(cents: number): string {
  if (!Number.isSafeInteger(cents) || cents < 0) throw new RangeError(`Not a non-negative whole number of cents: ${cents}`);
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}

/** "19.99" → 1999, "5" → 500, "5.5" → 550; anything else (negative, more decimals, exponent) throws. */
export function decimalToCents(value: string): number {
  const match = DECIMAL.exec(value.trim());
  if (!match) throw new RangeError(`Not a price: ${JSON.stringify(value)}`);
  return Number(match[1]) * 100 + Number((match[2] ?? '0').padEnd(2, '0'));
}

/**
 * Formats money for display: `$1,234.56`. Accepts the wire's decimal string ("1234.56") or
 * integer cents (123456), the two forms money takes in this shop (ARCHITECTURE.md §4).
 * Anything unparseable renders as an empty string rather than "$NaN".
 *
 * Written out rather than with Intl.NumberFormat: the page's first Intl formatter loads the
 * browser's locale data, 22-25 ms of main thread on this machine (~100 ms on Lighthouse's slow
 * phone), in the middle of the first view's first render. The shop sells in US dollars only.
 */
export function formatPrice(value: string | number | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  const cents = typeof value === 'number' ? value : lenientCents(value);
  if (cents === undefined || !Number.isFinite(cents)) return '';
  const whole = Math.round(Math.abs(cents));
  const dollars = String(Math.floor(whole / 100)).replace(/\B(?=(\d{3})+$)/g, ',');
  return `${cents < 0 && whole > 0 ? '-' : ''}$${dollars}.${String(whole % 100).padStart(2, '0')}`;
}

function lenientCents(text: string): number | undefined {
  const m = /^(-)?(\d+)(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!m) return undefined;
  const cents = Number(m[2]) * 100 + Number((m[3] ?? '').padEnd(2, '0'));
  return m[1] ? -cents : cents;
}
