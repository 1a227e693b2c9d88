import { useQueryClient } from '@tanstack/react-query';
import { ApiPaths, DomEvents } from '@pl/contracts';
import { useDomEvent } from '@pl/ui';

/**
 * Refetches product data when stock changes (`inventory:updated`) or the shell's websocket
 * reconnects (`shop:realtime-resync`). The shell invalidates too; this keeps the catalog correct
 * on its own, e.g. when another host embeds it.
 */
export function useLiveProducts() {
  const queryClient = useQueryClient();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: [ApiPaths.catalog.products] });
  useDomEvent(DomEvents.inventoryUpdated, refresh);
  useDomEvent(DomEvents.realtimeResync, refresh);
}
