// The catalog team's public contract: the shop's pages (home, products, a product, categories,
// stores) and the footer's store list. None takes props: a page reads its address.
import { defineRemote, exposed } from '../remote-contract.js';

export const catalogRemote = defineRemote('mf_catalog', {
  HomePage: exposed({ title: 'Quality goods, honestly graded, priced to move' }),
  ProductsPage: exposed({ title: 'All products' }),
  ProductPage: exposed({ title: 'Product' }),
  CategoriesPage: exposed({ title: 'Categories' }),
  LocationsPage: exposed({ title: 'Store locations' }),
  FooterLocations: exposed(),
});
