import { ApiPaths, DomEvents } from '@pl/contracts';
import { coalescedRefresh, INVENTORY_REFRESH_DELAY_MS, refetchAfterFetches, useTeamFreshness, type FreshnessRules, matchQuery, type QueryClient } from '@pl/ui';
import { catalogCache } from '../../../shared/team-cache.js';
import { applyInventoryUpdate } from '../utils/inventory-patch.js';
import { isProductList, showsAnyOf } from '../utils/product-refresh.js';
import { productsKeyPrefix } from './get-products.js';

const isProductQuery = (query: { queryKey: readonly unknown[] }) => query.queryKey[1] === ApiPaths.catalog.products;

interface ChangedListings {
  ids: Set<string>;
  published: boolean;
  refresh: ReturnType<typeof coalescedRefresh>;
}
/** The listings whose photos or inspection changed since the last refetch, and whether one was published, per page (its QueryClient). */
const changedListings = new WeakMap<QueryClient, ChangedListings>();
/** The category counts (the categories feature's query): a published draft adds to one. */
const categoryCountsKey = catalogCache.key(ApiPaths.catalog.categoryCounts);

/**
 * Listings' photos, inspection or price changed (product:updated): the queries showing one of them
 * (its page, the lists it is in) are refetched, after the same short wait as for stock. A burst of uploads then
 * costs one refetch, and the answers the catalog and the gateway keep, which hear of the change by
 * another path than this event, have forgotten the old listing by the time it is asked for again.
 * A draft was published: no list shows it yet, so every list is refetched (not the other products'
 * pages), and the category counts.
 */
function refetchListings(client: QueryClient, productIds: readonly string[], published: boolean): void {
  let changed = changedListings.get(client);
  if (!changed) {
    const state: ChangedListings = {
      ids: new Set<string>(),
      published: false,
      refresh: coalescedRefresh(() => {
        const due = new Set(state.ids);
        const all = state.published;
        state.ids.clear();
        state.published = false;
        return refetchAfterFetches(
          client,
          (query) =>
            (matchQuery({ queryKey: productsKeyPrefix }, query) && ((all && isProductList(query.state.data)) || showsAnyOf(query.state.data, due))) ||
            (all && matchQuery({ queryKey: categoryCountsKey }, query)),
        );
      }, INVENTORY_REFRESH_DELAY_MS),
    };
    changed = state;
    changedListings.set(client, changed);
  }
  for (const id of productIds) changed.ids.add(id);
  if (published) changed.published = true;
  changed.refresh.signal();
}

/**
 * Spec §4: product data is live. On `inventory:updated` the changed variant's stock is patched into
 * every cached product query at once, so cards and pages show it without waiting; shortly after a
 * burst of events the product queries are refetched (coalesced), for what an event does not carry
 * (per-location levels, a product leaving an 'in stock only' list; an infinite list refetches every
 * loaded page); and when the websocket (re)connects they are refetched, as events may have been
 * missed while it was down. A photo the inspector adds reaches open pages the same way (product:updated).
 */
export const liveProducts: FreshnessRules = {
  onInventoryUpdated(client, message) {
    if (typeof message.variantId === 'string') client.setQueriesData({ queryKey: productsKeyPrefix }, (cached: unknown) => applyInventoryUpdate(cached, message));
  },
  refetchAfterInventory: isProductQuery,
  refetchOnResync: isProductQuery,
  on: {
    [DomEvents.productUpdated]: (client, message) => refetchListings(client, message.productIds, message.what === 'published'),
  },
};

/** Keeps the catalog team's product data live for the rest of the page's life (every page that shows products calls it). */
export function useLiveProducts() {
  useTeamFreshness(catalogCache, liveProducts);
}
