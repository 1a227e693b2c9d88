import '../features/admin.css';
import { AdminDashboard } from '../pages/admin-dashboard.js';
import type { RemoteComponent } from '@pl/ui';

export default AdminDashboard satisfies RemoteComponent<'mf_admin/AdminDashboard'>;
