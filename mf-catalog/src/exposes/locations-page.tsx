import '../features/catalog.css';
import { LocationsPage } from '../features/locations/components/locations-page.js';
import type { RemoteComponent } from '@pl/ui';

export default LocationsPage satisfies RemoteComponent<'mf_catalog/LocationsPage'>;
