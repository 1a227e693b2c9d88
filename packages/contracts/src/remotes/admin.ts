// The admin team's public contract: the dashboard (products, POS sync), the order desk and one
// order, the intake desk and one listing at it, the manifests and one manifest, the markdowns, the audit log, the reports.
// None takes props.
import { defineRemote, exposed } from '../remote-contract.js';

export const adminRemote = defineRemote('mf_admin', {
  AdminDashboard: exposed(),
  OrderDeskPage: exposed(),
  AdminOrderPage: exposed(),
  IntakeDeskPage: exposed(),
  IntakeListingPage: exposed(),
  ManifestsPage: exposed(),
  ManifestPage: exposed(),
  MarkdownsPage: exposed(),
  AuditLogPage: exposed(),
  ReportsPage: exposed(),
});
