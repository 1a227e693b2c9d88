// What each remote page says of itself before its data (decision 071), gathered from the four
// teams' declarations (remotes/<team>.ts) for the shell and the gateway. Apart from remotes.ts, which
// every remote's bundle holds: these texts travel only where they are shown.
import type { PageInfo } from './remote-contract.js';
import type { RemoteModuleId, RemoteName } from './remotes.js';
import { accountPages } from './remotes/account-pages.js';
import { adminPages } from './remotes/admin-pages.js';
import { cartCheckoutPages } from './remotes/cart-checkout-pages.js';
import { catalogPages } from './remotes/catalog-pages.js';

const PAGES: Readonly<Record<RemoteName, Readonly<Record<string, PageInfo | undefined>>>> = {
  mf_catalog: catalogPages,
  mf_cart_checkout: cartCheckoutPages,
  mf_account: accountPages,
  mf_admin: adminPages,
};

/** What a remote page declares of itself (its title, maybe its description); none for a module that is no page. */
export function pageInfoOf(module: RemoteModuleId): PageInfo | undefined {
  const [remote, exposed] = module.split('/') as [RemoteName, string];
  return PAGES[remote]?.[exposed];
}

/** The title a remote page declares, shown before the page knows more (DomEvents.pageTitle). */
export const pageTitleOf = (module: RemoteModuleId): string | undefined => pageInfoOf(module)?.title;
