// The catalog team's pages as they present themselves (decision 071), beside its contract (catalog.ts) and
// apart from it: every remote's bundle holds the contract, these texts only the shell's navigation
// and the gateway.
import type { PagesOf } from '../remote-contract.js';
import type { catalogRemote } from './catalog.js';

/** What each of these pages says of itself before its data (decision 071): the shell's and the gateway's to show. */
export const catalogPages: PagesOf<typeof catalogRemote> = {
  HomePage: {
    title: 'Quality goods, honestly graded, priced to move',
    description: 'Inspected customer returns, overstock and open-box items from brands you know, each honestly graded and priced to move. Pick up in store or get it delivered.',
  },
  ProductsPage: { title: 'All products', description: 'Every inspected, condition-graded item on sale now, with live stock at each store and prices far below retail.' },
  ProductPage: { title: 'Product', description: 'An inspected, condition-graded item at Professional Liquidation, priced far below retail.' },
  CategoriesPage: { title: 'Categories', description: 'Shop inspected returns and overstock by category: electronics, home and garden, tools and more.' },
  LocationsPage: { title: 'Store locations', description: 'Our stores and warehouse: addresses, opening hours and what you can pick up where.' },
};
