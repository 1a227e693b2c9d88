import '../features/admin.css';
import { AdminDashboard } from '../features/dashboard/components/admin-dashboard.js';

export default AdminDashboard;
