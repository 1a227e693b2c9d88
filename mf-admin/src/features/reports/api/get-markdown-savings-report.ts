import { ApiPaths, MarkdownSavingsReport, type ReportRangeQuery } from '@pl/contracts';
import { apiJson, queryOptions, useQuery } from '@pl/ui';
import { adminCache } from '../../../shared/team-cache.js';
import { rangeQuery } from '../utils/report-range.js';

/** GET /api/admin/reports/markdown-savings (the catalog): what shoppers saved on units sold marked down, for the range. */
export async function fetchMarkdownSavingsReport(range: ReportRangeQuery): Promise<MarkdownSavingsReport> {
  return MarkdownSavingsReport.parse(await apiJson('GET', `${ApiPaths.catalog.markdownSavingsReport}?${rangeQuery(range)}`));
}

export const markdownSavingsReportQueryOptions = (range: ReportRangeQuery) =>
  queryOptions({ queryKey: adminCache.key(ApiPaths.catalog.markdownSavingsReport, range), queryFn: () => fetchMarkdownSavingsReport(range), placeholderData: (previous) => previous });

export function useMarkdownSavingsReport(range: ReportRangeQuery) {
  return useQuery(markdownSavingsReportQueryOptions(range));
}
