import '../features/catalog.css';
import { ProductsPage } from '../features/products/components/products-page.js';
import type { RemoteComponent } from '@pl/ui';

export default ProductsPage satisfies RemoteComponent<'mf_catalog/ProductsPage'>;
