import { createModuleFederationConfig } from '@module-federation/rsbuild-plugin';
import { Remotes } from '@pl/contracts';
import { remoteFederationOptions } from '@pl/ui/federation';

// The public contract of the catalog team: shop pages (home, products, categories, locations) and the footer store list.
// Name and exposed modules come from contracts `Remotes`: `./<Name>` → `src/exposes/<name>.tsx`;
// shared singletons and build flags are common to every remote (packages/ui/federation.ts).
export default createModuleFederationConfig(remoteFederationOptions(Remotes.catalog));
