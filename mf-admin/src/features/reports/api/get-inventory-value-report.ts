import { ApiPaths, InventoryValueReport } from '@pl/contracts';
import { apiJson, queryOptions, useQuery } from '@pl/ui';
import { adminCache } from '../../../shared/team-cache.js';

/** GET /api/admin/reports/inventory-value (the catalog): the value of what is on hand now, by age band. */
export async function fetchInventoryValueReport(): Promise<InventoryValueReport> {
  return InventoryValueReport.parse(await apiJson('GET', ApiPaths.catalog.inventoryValueReport));
}

export const inventoryValueReportQueryOptions = () => queryOptions({ queryKey: adminCache.key(ApiPaths.catalog.inventoryValueReport), queryFn: fetchInventoryValueReport });

export function useInventoryValueReport() {
  return useQuery(inventoryValueReportQueryOptions());
}
