import { ApiPaths, SellThroughReport, type ReportRangeQuery } from '@pl/contracts';
import { apiJson, queryOptions, useQuery } from '@pl/ui';
import { adminCache } from '../../../shared/team-cache.js';
import { rangeQuery } from '../utils/report-range.js';

/** GET /api/admin/reports/sell-through (the catalog): sell-through by grade and by age band, for the range. */
export async function fetchSellThroughReport(range: ReportRangeQuery): Promise<SellThroughReport> {
  return SellThroughReport.parse(await apiJson('GET', `${ApiPaths.catalog.sellThroughReport}?${rangeQuery(range)}`));
}

export const sellThroughReportQueryOptions = (range: ReportRangeQuery) =>
  queryOptions({ queryKey: adminCache.key(ApiPaths.catalog.sellThroughReport, range), queryFn: () => fetchSellThroughReport(range), placeholderData: (previous) => previous });

export function useSellThroughReport(range: ReportRangeQuery) {
  return useQuery(sellThroughReportQueryOptions(range));
}
