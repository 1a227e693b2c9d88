import { renderStandaloneRemote } from '@pl/ui/standalone';
import AdminDashboard from './exposes/admin-dashboard.js';

// `rsbuild dev` in mf-admin: the dashboard on its own (sign in as an admin through the gateway first).
renderStandaloneRemote({
  name: 'mf_admin',
  pages: [
    { path: '/', element: <AdminDashboard /> },
    { path: '/admin', label: 'Dashboard', element: <AdminDashboard /> },
  ],
});
