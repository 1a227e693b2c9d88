import { createModuleFederationConfig } from '@module-federation/rsbuild-plugin';
import { Remotes } from '@pl/contracts';

// The public contract of the catalog team: shop pages (home, products, categories, locations), the product card and the footer store list.
// Name and exposed modules come from contracts `Remotes`: `./<Name>` → `src/exposes/<name>.tsx`.
const { name, exposes } = Remotes.catalog;
const fileOf = (exposed: string) => `./src/exposes/${exposed.replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase()}.tsx`;
const singleton = { singleton: true } as const;

export default createModuleFederationConfig({
  name,
  filename: 'remoteEntry.js',
  exposes: Object.fromEntries(exposes.map((exposed) => [`./${exposed}`, fileOf(exposed)])),
  shared: {
    react: singleton, 'react-dom': singleton, 'react-router-dom': singleton, '@tanstack/react-query': singleton,
    zustand: singleton, '@pl/ui': singleton, '@pl/contracts': singleton,
  },
  shareStrategy: 'loaded-first',
  manifest: true,
  dts: false,
  // Production builds use the shell's copy of the federation runtime core (~18 kB gzip less per
  // remote on every page); `rsbuild dev` keeps its own so the remote still runs alone.
  experiments: { externalRuntime: process.env.NODE_ENV === 'production' },
});
