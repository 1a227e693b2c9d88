import '../features/catalog.css';
import { ProductsPage } from '../features/products/components/products-page.js';

export default ProductsPage;
