import '../features/admin.css';
import { IntakeListingPage } from '../features/intake/components/intake-listing-page.js';
import type { RemoteComponent } from '@pl/ui';

export default IntakeListingPage satisfies RemoteComponent<'mf_admin/IntakeListingPage'>;
