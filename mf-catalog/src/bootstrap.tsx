import { renderStandaloneRemote } from '@pl/ui/standalone';
import CategoriesPage from './exposes/categories-page.js';
import FooterLocations from './exposes/footer-locations.js';
import HomePage from './exposes/home-page.js';
import LocationsPage from './exposes/locations-page.js';
import ProductPage from './exposes/product-page.js';
import ProductsPage from './exposes/products-page.js';

// `rsbuild dev` in mf-catalog: the catalog's pages on their own (API through the gateway proxy).
renderStandaloneRemote({
  name: 'mf_catalog',
  pages: [
    { path: '/', label: 'Home', element: <HomePage /> },
    { path: '/products', label: 'Products', element: <ProductsPage /> },
    { path: '/products/:id', element: <ProductPage /> },
    { path: '/categories', label: 'Categories', element: <CategoriesPage /> },
    { path: '/locations', label: 'Locations', element: <LocationsPage /> },
    { path: '/footer-locations', label: 'Footer locations', element: <div className="pl-container pl-page"><FooterLocations /></div> },
  ],
});
