import { queryOptions, useQuery } from '@tanstack/react-query';
import { AdminInventoryList, ApiPaths, type AdminInventoryEntry } from '@pl/contracts';
import { apiJson } from '@pl/ui';

/** GET /api/admin/inventory: every product with its variants and stock. The shell refetches it on inventory.updated. */
export async function fetchAdminInventory(): Promise<AdminInventoryEntry[]> {
  return AdminInventoryList.parse(await apiJson('GET', ApiPaths.catalog.adminInventory));
}

export const adminInventoryQueryOptions = () =>
  queryOptions({ queryKey: [ApiPaths.catalog.adminInventory], queryFn: fetchAdminInventory });

export function useAdminInventory() {
  return useQuery(adminInventoryQueryOptions());
}
