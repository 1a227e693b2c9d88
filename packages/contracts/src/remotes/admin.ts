// The admin team's public contract: the dashboard (products, POS sync), the order desk and one
// order, the intake desk and one listing at it, the manifests and one manifest, the markdowns, the audit log, the reports.
// None takes props.
import { defineRemote, exposed } from '../remote-contract.js';

export const adminRemote = defineRemote('mf_admin', {
  AdminDashboard: exposed({ title: 'Admin dashboard' }),
  OrderDeskPage: exposed({ title: 'Orders – Admin' }),
  AdminOrderPage: exposed({ title: 'Order – Admin' }),
  IntakeDeskPage: exposed({ title: 'Intake desk – Admin' }),
  IntakeListingPage: exposed({ title: 'Listing – Admin' }),
  ManifestsPage: exposed({ title: 'Manifests – Admin' }),
  ManifestPage: exposed({ title: 'Manifest – Admin' }),
  MarkdownsPage: exposed({ title: 'Markdowns – Admin' }),
  AuditLogPage: exposed({ title: 'Audit log – Admin' }),
  ReportsPage: exposed({ title: 'Reports – Admin' }),
});
