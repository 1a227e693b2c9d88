const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2 });

/**
 * Formats money for display: `$1,234.56`. Accepts the wire's decimal string ("1234.56") or
 * integer cents (123456), the two forms money takes in this shop (ARCHITECTURE.md §4).
 * Anything unparseable renders as an empty string rather than "$NaN".
 */
export function formatPrice(value: string | number | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  const cents = typeof value === 'number' ? value : decimalToCents(value);
  if (cents === undefined || !Number.isFinite(cents)) return '';
  return usd.format(cents / 100);
}

function decimalToCents(text: string): number | undefined {
  const m = /^(-)?(\d+)(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!m) return undefined;
  const cents = Number(m[2]) * 100 + Number((m[3] ?? '').padEnd(2, '0'));
  return m[1] ? -cents : cents;
}
