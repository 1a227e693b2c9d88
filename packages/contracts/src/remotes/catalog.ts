// The catalog team's public contract: the shop's pages (home, products, a product, categories,
// stores) and the footer's store list. None takes props: a page reads its address.
import { defineRemote, exposed } from '../remote-contract.js';

export const catalogRemote = defineRemote('mf_catalog', {
  HomePage: exposed(),
  ProductsPage: exposed(),
  ProductPage: exposed(),
  CategoriesPage: exposed(),
  LocationsPage: exposed(),
  FooterLocations: exposed(),
});
