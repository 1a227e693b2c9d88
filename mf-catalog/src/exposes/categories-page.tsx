import '../features/catalog.css';
import { CategoriesPage } from '../features/categories/components/categories-page.js';

export default CategoriesPage;
