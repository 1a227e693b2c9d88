import '../features/catalog.css';
import { HomePage } from '../features/products/components/home-page.js';
import type { RemoteComponent } from '@pl/ui';

export default HomePage satisfies RemoteComponent<'mf_catalog/HomePage'>;
