import { cartCheckoutRemote } from '@pl/contracts';
import { teamCache } from '@pl/ui';

/**
 * The cart and checkout team's share of the page's query cache (decision 036): every key of this team is
 * made here and starts with its remote name, so no other team reads or refreshes these entries.
 */
export const cartCache = teamCache(cartCheckoutRemote.name);
