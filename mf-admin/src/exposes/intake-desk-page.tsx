import '../features/admin.css';
import { IntakeDeskPage } from '../features/intake/components/intake-desk-page.js';
import type { RemoteComponent } from '@pl/ui';

export default IntakeDeskPage satisfies RemoteComponent<'mf_admin/IntakeDeskPage'>;
