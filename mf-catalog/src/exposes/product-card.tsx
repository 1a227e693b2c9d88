import '../features/catalog.css';
import { ProductCard } from '../features/products/components/product-card.js';

export default ProductCard;
