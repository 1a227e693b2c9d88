import { ApiPaths, Remotes } from '@pl/contracts';
import { teamCache } from '@pl/ui';

/**
 * The admin team's share of the page's query cache (decision 036): every key of this team is
 * made here and starts with its remote name, so no other team reads or refreshes these entries.
 */
export const adminCache = teamCache(Remotes.admin.name);

/** Every admin inventory key starts with this: the dashboard keeps them live, and a finished sync refetches them all. */
export const adminInventoryKeyPrefix = adminCache.key(ApiPaths.catalog.adminInventory);
