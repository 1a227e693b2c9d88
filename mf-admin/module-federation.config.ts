import { createModuleFederationConfig } from '@module-federation/rsbuild-plugin';
import { Remotes } from '@pl/contracts';
import { remoteFederationOptions } from '@pl/ui/federation';

// The admin team's modules and the file of each. What each module is and the props it takes are
// declared once, in packages/contracts/src/remotes/admin.ts; this list must name
// exactly those modules (the typecheck and packages/ui/build/exposes.test.ts hold it to that). Shared
// singletons and build flags are common to every remote (packages/ui/build/federation.ts).
export default createModuleFederationConfig(
  remoteFederationOptions(Remotes.admin, {
    './AdminDashboard': './src/exposes/admin-dashboard.tsx',
    './OrderDeskPage': './src/exposes/order-desk-page.tsx',
    './AdminOrderPage': './src/exposes/admin-order-page.tsx',
    './IntakeDeskPage': './src/exposes/intake-desk-page.tsx',
    './IntakeListingPage': './src/exposes/intake-listing-page.tsx',
    './ManifestsPage': './src/exposes/manifests-page.tsx',
    './ManifestPage': './src/exposes/manifest-page.tsx',
    './MarkdownsPage': './src/exposes/markdowns-page.tsx',
    './AuditLogPage': './src/exposes/audit-log-page.tsx',
    './ReportsPage': './src/exposes/reports-page.tsx',
  }),
);
