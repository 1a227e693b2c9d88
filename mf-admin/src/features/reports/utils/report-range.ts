import { ApiPaths, REPORT_RANGE_MAX_DAYS, type ReportRangeQuery } from '@pl/contracts';

/** The days the reports page shows when the address names none: the last 30, today included. */
export const DEFAULT_RANGE_DAYS = 30;
const DAY_MS = 86_400_000;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A day in the admin's own calendar (not UTC's), as YYYY-MM-DD. */
export function localDay(at: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}`;
}

/** A real calendar day (2026-02-30 is none: Date would roll it over to March). */
const isDay = (text: string | null): text is string => {
  if (text === null || !DATE.test(text)) return false;
  const at = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(at.getTime()) && at.toISOString().slice(0, 10) === text;
};
const daysBetween = (from: string, to: string) => Math.round((Date.parse(to) - Date.parse(from)) / DAY_MS);

/** What is wrong with a range as the form has it, or undefined when the reports can be asked for it. */
export function rangeProblem(from: string, to: string): { field: 'from' | 'to'; message: string } | undefined {
  if (!isDay(from)) return { field: 'from', message: 'Enter the first day.' };
  if (!isDay(to)) return { field: 'to', message: 'Enter the last day.' };
  if (from > to) return { field: 'from', message: 'The first day must not be after the last day.' };
  if (daysBetween(from, to) >= REPORT_RANGE_MAX_DAYS) return { field: 'to', message: `Choose at most ${REPORT_RANGE_MAX_DAYS} days.` };
  return undefined;
}

/** The range the address asks for (?from=&to=), or the last 30 days when it names none or a bad one; days in the browser's zone. */
export function rangeOf(params: URLSearchParams, now: Date = new Date(), timeZone = browserTimeZone()): ReportRangeQuery {
  const from = params.get('from');
  const to = params.get('to');
  if (isDay(from) && isDay(to) && !rangeProblem(from, to)) return { from, to, timeZone };
  const today = localDay(now);
  return { from: localDay(new Date(now.getTime() - (DEFAULT_RANGE_DAYS - 1) * DAY_MS)), to: today, timeZone };
}

export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

export const rangeQuery = (range: ReportRangeQuery) => new URLSearchParams({ from: range.from, to: range.to, timeZone: range.timeZone }).toString();

/** The two CSV files: the orders placed in the range, and the inventory as it is now. */
export const exportLinks = (range: ReportRangeQuery) => ({
  orders: `${ApiPaths.cart.ordersExport}?${rangeQuery(range)}`,
  inventory: ApiPaths.catalog.inventoryExport,
});

/** "Nov 28" in the admin's locale, for a chart's axis and a table's row (the day is a calendar day: read as UTC so it stays that day). */
export function dayLabel(day: string, options: Intl.DateTimeFormatOptions = { month: 'short', day: 'numeric' }): string {
  return new Date(`${day}T00:00:00Z`).toLocaleDateString('en-US', { ...options, timeZone: 'UTC' });
}

/** 0.4 → "40%", 0.0013 → "0.1%" (a small rate is not shown as none); null (nothing received) → "–". */
export function percent(rate: number | null): string {
  if (rate === null) return '–';
  const whole = rate * 100;
  return whole > 0 && whole < 10 ? `${Math.max(0.1, Math.round(whole * 10) / 10)}%` : `${Math.round(whole)}%`;
}
