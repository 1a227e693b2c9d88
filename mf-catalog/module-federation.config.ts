import { createModuleFederationConfig } from '@module-federation/rsbuild-plugin';
import { Remotes } from '@pl/contracts';
import { remoteFederationOptions } from '@pl/ui/federation';

// The catalog team's modules and the file of each. What each module is and the props it takes are
// declared once, in packages/contracts/src/remotes/catalog.ts; this list must name
// exactly those modules (the typecheck and packages/ui/build/exposes.test.ts hold it to that). Shared
// singletons and build flags are common to every remote (packages/ui/build/federation.ts).
export default createModuleFederationConfig(
  remoteFederationOptions(Remotes.catalog, {
    './HomePage': './src/exposes/home-page.tsx',
    './ProductsPage': './src/exposes/products-page.tsx',
    './ProductPage': './src/exposes/product-page.tsx',
    './CategoriesPage': './src/exposes/categories-page.tsx',
    './LocationsPage': './src/exposes/locations-page.tsx',
    './FooterLocations': './src/exposes/footer-locations.tsx',
  }),
);
