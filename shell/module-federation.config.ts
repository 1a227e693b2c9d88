import { createModuleFederationConfig } from '@module-federation/rsbuild-plugin';
import { sharedSingletons } from '@pl/ui/federation';

// The shell is a host with no static remotes: their URLs come from /runtime/remotes.json at page
// load (src/federation/), so a remote can move without a shell rebuild. 'loaded-first' loads a
// remote only when a page asks for it, so one dead remote cannot stall the start.
export default createModuleFederationConfig({
  name: 'shell',
  remotes: {},
  shared: sharedSingletons,
  shareStrategy: 'loaded-first',
  dts: false,
  // The shell hands its federation runtime core to the remotes (they build with externalRuntime).
  // It runs in browsers only: Node's script loading stays out of it. It registers each remote by
  // its entry script, never a manifest, so the manifest snapshot code stays out too (decision 026).
  experiments: { provideExternalRuntime: true, optimization: { target: 'web', disableSnapshot: true } },
});
