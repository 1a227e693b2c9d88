import { renderStandaloneRemote } from '@pl/ui/standalone';
import AdminDashboard from './exposes/admin-dashboard.js';
import AdminOrderPage from './exposes/admin-order-page.js';
import AuditLogPage from './exposes/audit-log-page.js';
import IntakeDeskPage from './exposes/intake-desk-page.js';
import IntakeListingPage from './exposes/intake-listing-page.js';
import MarkdownsPage from './exposes/markdowns-page.js';
import OrderDeskPage from './exposes/order-desk-page.js';
import ReportsPage from './exposes/reports-page.js';

// `rsbuild dev` in mf-admin: the dashboard, the order desk, the intake desk, the markdowns, the audit log and the reports on their own (sign in as an admin through the gateway first).
renderStandaloneRemote({
  name: 'mf_admin',
  pages: [
    { path: '/', element: <AdminDashboard /> },
    { path: '/admin', label: 'Dashboard', element: <AdminDashboard /> },
    { path: '/admin/orders', label: 'Orders', element: <OrderDeskPage /> },
    { path: '/admin/orders/:id', element: <AdminOrderPage /> },
    { path: '/admin/intake', label: 'Intake', element: <IntakeDeskPage /> },
    { path: '/admin/intake/:productId', element: <IntakeListingPage /> },
    { path: '/admin/markdowns', label: 'Markdowns', element: <MarkdownsPage /> },
    { path: '/admin/audit', label: 'Audit log', element: <AuditLogPage /> },
    { path: '/admin/reports', label: 'Reports', element: <ReportsPage /> },
  ],
});
