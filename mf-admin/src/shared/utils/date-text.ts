/** A moment for people: the day and the time of day, in the admin's own locale and time zone. */
export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

/** A day for people ('14 Mar 2025' in the admin's locale), where the time of day says nothing more. */
export function formatDay(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleDateString(undefined, { dateStyle: 'medium' });
}

/**
 * Whether a date input's value can be applied: cleared, or a whole day. While a year is typed digit
 * by digit the input already reports 0002-03-14, 0020-03-14 …; those wait for the fourth digit.
 */
export function isCompleteDay(value: string): boolean {
  return value === '' || /^[1-9]\d{3}-\d{2}-\d{2}$/.test(value);
}
