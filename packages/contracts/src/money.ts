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
