import { useQueryClient } from '@tanstack/react-query';
import { ApiPaths, DomEvents, type InventoryUpdatedMessage } from '@pl/contracts';
import { useDomEvent } from '@pl/ui';
import { applyInventoryUpdate } from '../utils/inventory-patch.js';

const productQueries = { queryKey: [ApiPaths.catalog.products] };

/**
 * Keeps product data live (spec §4). On `inventory:updated` the changed variant's stock is patched
 * into every cached product query at once, so cards and pages show it without waiting; then the
 * queries are refetched for what an event does not carry (per-location levels, a product leaving
 * an "in stock only" list). An infinite list refetches every loaded page, so none is lost. After
 * the websocket (re)connects (`shop:realtime-resync`) events may have been missed: refetch all.
 *
 * The shell's realtime bridge invalidates the same queries right after dispatching the event.
 * Invalidating here as well would start a request the shell's then cancels, so this waits a
 * microtask and only invalidates what nobody has (the catalog running alone, another host).
 * A patch resets a query's "invalidated" flag, so the check is about this event, not an older one.
 */
export function useLiveProducts() {
  const queryClient = useQueryClient();
  const refetchUnlessDone = () =>
    queueMicrotask(() => {
      void queryClient.invalidateQueries({ ...productQueries, predicate: (query) => !query.state.isInvalidated });
    });
  useDomEvent(DomEvents.inventoryUpdated, (message: InventoryUpdatedMessage | undefined) => {
    if (message && typeof message.variantId === 'string') {
      queryClient.setQueriesData(productQueries, (cached: unknown) => applyInventoryUpdate(cached, message));
    }
    refetchUnlessDone();
  });
  useDomEvent(DomEvents.realtimeResync, refetchUnlessDone);
}
