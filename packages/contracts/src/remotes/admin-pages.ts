// The admin team's pages as they present themselves (decision 071), beside its contract (admin.ts) and
// apart from it: every remote's bundle holds the contract, these texts only the shell's navigation
// and the gateway.
import type { PagesOf } from '../remote-contract.js';
import type { adminRemote } from './admin.js';

/** What each of these pages says of itself before its data (decision 071): the shell's and the gateway's to show. */
export const adminPages: PagesOf<typeof adminRemote> = {
  AdminDashboard: { title: 'Admin dashboard' },
  OrderDeskPage: { title: 'Orders – Admin' },
  AdminOrderPage: { title: 'Order – Admin' },
  IntakeDeskPage: { title: 'Intake desk – Admin' },
  IntakeListingPage: { title: 'Listing – Admin' },
  ManifestsPage: { title: 'Manifests – Admin' },
  ManifestPage: { title: 'Manifest – Admin' },
  MarkdownsPage: { title: 'Markdowns – Admin' },
  AuditLogPage: { title: 'Audit log – Admin' },
  ReportsPage: { title: 'Reports – Admin' },
};
