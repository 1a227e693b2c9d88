import { ApiPaths } from '@pl/contracts';
import type { Query } from '@tanstack/react-query';

// Query keys are API paths (the default query function GETs `queryKey.join('/')`), so a query
// belongs to a resource when its first key segment starts with the resource's path.
const startsWithAny = (prefixes: readonly string[]) => (query: Query) => {
  const head = query.queryKey[0];
  return typeof head === 'string' && prefixes.some((p) => head === p || head.startsWith(`${p}/`) || head.startsWith(`${p}?`));
};

/** Data an inventory.updated event changes (spec §4: products and admin inventory). */
export const isInventoryQuery = startsWithAny([ApiPaths.catalog.products, ApiPaths.catalog.adminInventory]);

/** Data that may have changed while the websocket was down: inventory plus the cart's holds. */
export const isLiveQuery = startsWithAny([ApiPaths.catalog.products, ApiPaths.catalog.adminInventory, ApiPaths.cart.cart]);
