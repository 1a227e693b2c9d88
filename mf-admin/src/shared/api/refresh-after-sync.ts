import { type QueryClient } from '@pl/ui';
import { adminInventoryKeyPrefix } from '../team-cache.js';
import { eventsQueryOptions } from './get-events.js';
import { syncStatusQueryOptions } from './get-sync-status.js';

/** After a sync ended (succeeded or not): it changed the status and may have written events and stock. */
export function refreshAfterSync(queryClient: QueryClient): Promise<unknown> {
  return Promise.all(
    [syncStatusQueryOptions().queryKey, eventsQueryOptions().queryKey, adminInventoryKeyPrefix].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
  );
}
