import type { InspectionReport } from '@pl/contracts';

/** 'Inspected March 12, 2026 by Dana' (or 'by our team'): when and by whom, as the product page says it. */
export function inspectedLine(report: Pick<InspectionReport, 'inspectedAt' | 'inspectedBy'>, locale = 'en-US'): string {
  const date = new Date(report.inspectedAt);
  const when = Number.isNaN(date.getTime()) ? '' : ` ${date.toLocaleDateString(locale, { dateStyle: 'long' })}`;
  const who = report.inspectedBy.trim() || 'our team';
  return `Inspected${when} by ${who}`;
}
