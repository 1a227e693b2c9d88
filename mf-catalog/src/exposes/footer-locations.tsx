import '../features/catalog.css';
import { FooterLocations } from '../features/locations/components/footer-locations.js';
import type { RemoteComponent } from '@pl/ui';

export default FooterLocations satisfies RemoteComponent<'mf_catalog/FooterLocations'>;
