// The catalog team's first-view renderer (decision 076): its pages' first screen as HTML, rendered
// in Node by the gateway with the very components the browser then shows. Built on its own for
// Node (rsbuild.server.config.ts) and published beside the remote's manifest
// (contracts FIRST_VIEW_RENDERER_FILE), from where the gateway loads it.
import type { FirstViewRenderer, FirstViewRequest } from '@pl/contracts';
import { renderPageToString } from '@pl/ui/server';
import { HomePage } from '../features/products/components/home-page.js';
import { ProductPage } from '../features/products/components/product-page.js';
import { ProductsPage } from '../features/products/components/products-page.js';

export const renderFirstView: FirstViewRenderer['renderFirstView'] = (request: FirstViewRequest) => {
  switch (request.page) {
    case 'mf_catalog/ProductPage':
      return renderPageToString(request, <ProductPage />);
    case 'mf_catalog/ProductsPage':
      return renderPageToString(request, <ProductsPage />);
    case 'mf_catalog/HomePage':
      return renderPageToString(request, <HomePage />);
    default:
      return null;
  }
};
