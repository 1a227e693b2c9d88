import '../features/catalog.css';
import { LocationsPage } from '../features/locations/components/locations-page.js';

export default LocationsPage;
