import '../features/catalog.css';
import { ProductPage } from '../features/products/components/product-page.js';
import type { RemoteComponent } from '@pl/ui';

export default ProductPage satisfies RemoteComponent<'mf_catalog/ProductPage'>;
