import { ApiPaths, SalesPerDayReport, type ReportRangeQuery } from '@pl/contracts';
import { apiJson, queryOptions, useQuery } from '@pl/ui';
import { adminCache } from '../../../shared/team-cache.js';
import { rangeQuery } from '../utils/report-range.js';

/** GET /api/admin/reports/sales (the cart): sales per day, for the range. */
export async function fetchSalesReport(range: ReportRangeQuery): Promise<SalesPerDayReport> {
  return SalesPerDayReport.parse(await apiJson('GET', `${ApiPaths.cart.salesReport}?${rangeQuery(range)}`));
}

export const salesReportQueryOptions = (range: ReportRangeQuery) =>
  queryOptions({ queryKey: adminCache.key(ApiPaths.cart.salesReport, range), queryFn: () => fetchSalesReport(range), placeholderData: (previous) => previous });

export function useSalesReport(range: ReportRangeQuery) {
  return useQuery(salesReportQueryOptions(range));
}
