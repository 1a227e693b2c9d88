import { useQueryClient } from '@tanstack/react-query';
import { ApiPaths, DomEvents, type InventoryUpdatedMessage } from '@pl/contracts';
import { useDomEvent } from '@pl/ui';
import { applyInventoryUpdate } from '../utils/inventory-patch.js';

const productQueries = { queryKey: [ApiPaths.catalog.products] };

/**
 * Keeps product data live (spec §4). On `inventory:updated` the changed variant's stock is patched
 * into every cached product query at once, so cards and pages show it without waiting.
 *
 * Refetching is the shell's: its realtime bridge refetches product queries shortly after a burst
 * of events (coalesced, for what an event does not carry: per-location levels, a product leaving
 * an "in stock only" list; an infinite list refetches every loaded page), and invalidates them
 * whenever the websocket (re)connects, as events may have been missed while it was down.
 */
export function useLiveProducts() {
  const queryClient = useQueryClient();
  useDomEvent(DomEvents.inventoryUpdated, (message: InventoryUpdatedMessage | undefined) => {
    if (message && typeof message.variantId === 'string') {
      queryClient.setQueriesData(productQueries, (cached: unknown) => applyInventoryUpdate(cached, message));
    }
  });
}
