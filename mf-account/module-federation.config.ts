import { createModuleFederationConfig } from '@module-federation/rsbuild-plugin';
import { Remotes } from '@pl/contracts';
import { remoteFederationOptions } from '@pl/ui/federation';

// The account team's modules and the file of each. What each module is and the props it takes are
// declared once, in packages/contracts/src/remotes/account.ts; this list must name
// exactly those modules (the typecheck and packages/ui/build/exposes.test.ts hold it to that). Shared
// singletons and build flags are common to every remote (packages/ui/build/federation.ts).
export default createModuleFederationConfig(
  remoteFederationOptions(Remotes.account, {
    './AccountArea': './src/exposes/account-area.tsx',
    './AccountPage': './src/exposes/account-page.tsx',
    './ForgotPasswordPage': './src/exposes/forgot-password-page.tsx',
    './ResetPasswordPage': './src/exposes/reset-password-page.tsx',
    './OrderHistoryPage': './src/exposes/order-history-page.tsx',
    './OrderPage': './src/exposes/order-page.tsx',
    './OrderLookupPage': './src/exposes/order-lookup-page.tsx',
    './OrderPlaced': './src/exposes/order-placed.tsx',
  }),
);
