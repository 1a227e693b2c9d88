import '../features/catalog.css';
import { ProductPage } from '../features/products/components/product-page.js';

export default ProductPage;
