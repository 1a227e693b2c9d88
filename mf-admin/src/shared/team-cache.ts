import type { Query } from '@tanstack/react-query';
import { ApiPaths, Remotes } from '@pl/contracts';
import { teamCache, useTeamFreshness, type FreshnessRules } from '@pl/ui';

/**
 * The admin team's share of the page's query cache (decision 036): every key of this team is
 * made here and starts with its remote name, so no other team reads or refreshes these entries.
 */
export const adminCache = teamCache(Remotes.admin.name);

/** Every admin inventory key starts with this: kept live below, and a finished sync refetches them all. */
export const adminInventoryKeyPrefix = adminCache.key(ApiPaths.catalog.adminInventory);

const isInventoryQuery = (query: Query) => query.queryKey[1] === adminInventoryKeyPrefix[1];

/**
 * Spec §4: the admin's inventory is live. Shortly after a burst of inventory.updated events (a POS
 * sync sends thousands) and whenever the websocket (re)connects, every loaded page of every search
 * is fetched again; for the rest of the page's life, so a list cached before comes back current. A
 * sign-in or sign-out resets every query of this team (the default).
 */
const adminFreshness: FreshnessRules = { refetchAfterInventory: isInventoryQuery, refetchOnResync: isInventoryQuery };

/** Keeps this team's data in step with the signals (called by every admin page through useAdminAccess and the dashboard). */
export function useAdminFreshness(): void {
  useTeamFreshness(adminCache, adminFreshness);
}
