import '../features/catalog.css';
import { FooterLocations } from '../features/locations/components/footer-locations.js';

export default FooterLocations;
