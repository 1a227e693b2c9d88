// The catalog team's public contract: the shop's pages (home, products, a product, categories,
// stores) and the footer's store list. None takes props: a page reads its address.
import { defineRemote, exposed } from '../remote-contract.js';

export const catalogRemote = defineRemote('mf_catalog', {
  HomePage: exposed({
    title: 'Quality goods, honestly graded, priced to move',
    description: 'Inspected customer returns, overstock and open-box items from brands you know, each honestly graded and priced to move. Pick up in store or get it delivered.',
  }),
  ProductsPage: exposed({ title: 'All products', description: 'Every inspected, condition-graded item on sale now, with live stock at each store and prices far below retail.' }),
  ProductPage: exposed({ title: 'Product', description: 'An inspected, condition-graded item at Professional Liquidation, priced far below retail.' }),
  CategoriesPage: exposed({ title: 'Categories', description: 'Shop inspected returns and overstock by category: electronics, home and garden, tools and more.' }),
  LocationsPage: exposed({ title: 'Store locations', description: 'Our stores and warehouse: addresses, opening hours and what you can pick up where.' }),
  FooterLocations: exposed(),
});
