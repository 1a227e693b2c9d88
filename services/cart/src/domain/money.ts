// Money is integer cents inside the cart and a two-place decimal string on the wire ("19.99").
// REVIEW: the catalog has the same two-line formatter; contracts is wire-only, so each owner keeps its own.

export function centsToDecimal(cents: number): string {
  if (!Number.isSafeInteger(cents) || cents < 0) throw new RangeError(`Not a non-negative whole number of cents: ${cents}`);
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}
