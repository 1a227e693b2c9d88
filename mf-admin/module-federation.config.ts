import { createModuleFederationConfig } from '@module-federation/rsbuild-plugin';
import { Remotes } from '@pl/contracts';
import { remoteFederationOptions } from '@pl/ui/federation';

// The public contract of the admin team: the admin dashboard and the order desk (its list and one order's page).
// Name and exposed modules come from contracts `Remotes`: `./<Name>` → `src/exposes/<name>.tsx`;
// shared singletons and build flags are common to every remote (packages/ui/federation.ts).
export default createModuleFederationConfig(remoteFederationOptions(Remotes.admin));
