import { ApiPaths } from '@pl/contracts';
import { useTeamFreshness, type FreshnessRules } from '@pl/ui';
import { catalogCache } from '../../../shared/team-cache.js';
import { applyInventoryUpdate } from '../utils/inventory-patch.js';
import { productsKeyPrefix } from './get-products.js';

const isProductQuery = (query: { queryKey: readonly unknown[] }) => query.queryKey[1] === ApiPaths.catalog.products;

/**
 * Spec §4: product data is live. On `inventory:updated` the changed variant's stock is patched into
 * every cached product query at once, so cards and pages show it without waiting; shortly after a
 * burst of events the product queries are refetched (coalesced), for what an event does not carry
 * (per-location levels, a product leaving an 'in stock only' list; an infinite list refetches every
 * loaded page); and when the websocket (re)connects they are refetched, as events may have been
 * missed while it was down.
 */
const liveProducts: FreshnessRules = {
  onInventoryUpdated(client, message) {
    if (typeof message.variantId === 'string') client.setQueriesData({ queryKey: productsKeyPrefix }, (cached: unknown) => applyInventoryUpdate(cached, message));
  },
  refetchAfterInventory: isProductQuery,
  refetchOnResync: isProductQuery,
};

/** Keeps the catalog team's product data live for the rest of the page's life (every page that shows products calls it). */
export function useLiveProducts() {
  useTeamFreshness(catalogCache, liveProducts);
}
