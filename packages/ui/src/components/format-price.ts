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
  const cents = typeof value === 'number' ? value : decimalToCents(value);
  if (cents === undefined || !Number.isFinite(cents)) return '';
  const whole = Math.round(Math.abs(cents));
  const dollars = String(Math.floor(whole / 100)).replace(/\B(?=(\d{3})+$)/g, ',');
  return `${cents < 0 && whole > 0 ? '-' : ''}$${dollars}.${String(whole % 100).padStart(2, '0')}`;
}

function decimalToCents(text: string): number | undefined {
  const m = /^(-)?(\d+)(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!m) return undefined;
  const cents = Number(m[2]) * 100 + Number((m[3] ?? '').padEnd(2, '0'));
  return m[1] ? -cents : cents;
}
