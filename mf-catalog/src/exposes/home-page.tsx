import '../features/catalog.css';
import { HomePage } from '../features/home/components/home-page.js';

export default HomePage;
