import '../features/admin.css';
import { ReportsPage } from '../features/reports/components/reports-page.js';
import type { RemoteComponent } from '@pl/ui';

export default ReportsPage satisfies RemoteComponent<'mf_admin/ReportsPage'>;
