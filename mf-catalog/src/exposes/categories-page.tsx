import '../features/catalog.css';
import { CategoriesPage } from '../features/categories/components/categories-page.js';
import type { RemoteComponent } from '@pl/ui';

export default CategoriesPage satisfies RemoteComponent<'mf_catalog/CategoriesPage'>;
