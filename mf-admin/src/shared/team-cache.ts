import { adminRemote, ApiPaths, DomEvents } from '@pl/contracts';
import { teamCache, useTeamFreshness, type FreshnessRules, type Query } from '@pl/ui';

/**
 * The admin team's share of the page's query cache (decision 036): every key of this team is
 * made here and starts with its remote name, so no other team reads or refreshes these entries.
 */
export const adminCache = teamCache(adminRemote.name);

/** Every admin inventory key starts with this: kept live below, and a finished sync refetches them all. */
export const adminInventoryKeyPrefix = adminCache.key(ApiPaths.catalog.adminInventory);

const isInventoryQuery = (query: Query) => query.queryKey[1] === adminInventoryKeyPrefix[1];

/** The intake desk's queues and their counts (features/intake/api): which listings wait, and how many. */
const INTAKE_QUEUE_PATHS: ReadonlySet<unknown> = new Set([ApiPaths.catalog.intake, ApiPaths.catalog.intakeCounts]);
const INTAKE_LISTING_PREFIX = `${ApiPaths.catalog.intake}/`;
const isIntakeQuery = (query: Query) => {
  const path = query.queryKey[1];
  return INTAKE_QUEUE_PATHS.has(path) || (typeof path === 'string' && path.startsWith(INTAKE_LISTING_PREFIX));
};

/**
 * Spec §4: the admin's inventory is live. Shortly after a burst of inventory.updated events (a POS
 * sync sends thousands) and whenever the websocket (re)connects, every loaded page of every search
 * is fetched again; for the rest of the page's life, so a list cached before comes back current. A
 * sign-in or sign-out resets every query of this team (the default).
 */
export const adminFreshness: FreshnessRules = {
  refetchAfterInventory: isInventoryQuery,
  refetchOnResync: (query) => isInventoryQuery(query) || isIntakeQuery(query),
  on: {
    /**
     * A listing's photos, inspection or price changed (at this desk, another inspector's, a markdown
     * run, the POS): that listing, its price history and the queues are read again, so two people at
     * the desk see each other's work. A form being filled in keeps what was typed (features/intake:
     * it starts afresh only after its own save).
     */
    [DomEvents.productUpdated]: (client, { productIds }) => {
      // One pass over the cache for all the listings named (a markdown names a thousand an event).
      const paths = new Set<unknown>(productIds.flatMap((id) => [ApiPaths.catalog.intakeDetail(id), ApiPaths.catalog.priceHistory(id)]));
      void Promise.all([
        client.invalidateQueries({ predicate: (query) => adminCache.owns(query) && paths.has(query.queryKey[1]) }),
        client.invalidateQueries({ queryKey: adminCache.key(ApiPaths.catalog.intake) }),
        client.invalidateQueries({ queryKey: adminCache.key(ApiPaths.catalog.intakeCounts) }),
      ]);
    },
  },
};

/** Keeps this team's data in step with the signals (called by every admin page through useAdminAccess and the dashboard). */
export function useAdminFreshness(): void {
  useTeamFreshness(adminCache, adminFreshness);
}
