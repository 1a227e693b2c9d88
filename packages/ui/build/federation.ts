// Build settings every app of the shop shares: which packages are Module Federation singletons,
// the federation options and the Rsbuild setup of a remote. A remote's contract is declared in
// contracts (src/remotes/<team>.ts) and its files listed by its own module-federation.config.ts;
// this keeps the common part in one place so the five builds cannot drift apart. Build time only:
// nothing here reaches a browser.
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { defineConfig, type RsbuildConfig } from '@rsbuild/core';
import { pluginReact } from '@rsbuild/plugin-react';
import { pluginModuleFederation, type createModuleFederationConfig } from '@module-federation/rsbuild-plugin';
import type { ExposeKeysOf, RemoteContract } from '@pl/contracts';
import { sharedSingletons } from './shared-singletons';

type FederationOptions = Parameters<typeof createModuleFederationConfig>[0];

export { sharedSingletons };

/**
 * Module Federation's runtime packages as ES modules. Rspack's plugin asks Node's resolver for them
 * and so gets their CommonJS builds, which require every part of @module-federation/sdk (snapshots,
 * Node script loading) and every error text: ~5 KB compressed in each remote's entry that nothing
 * calls. The same packages' ESM builds let the bundler drop what is unused (decision 025).
 */
const requireHere = createRequire(import.meta.url);
const runtimeTools = requireHere.resolve('@module-federation/runtime-tools');
const esmOf = (pkg: string) => {
  const cjs = requireHere.resolve(pkg, { paths: [runtimeTools] });
  const esm = cjs.replace(/\.cjs$/, '.js');
  // A release that moves its builds stops the build here rather than quietly shipping CommonJS.
  if (esm === cjs || !existsSync(esm)) throw new Error(`${pkg}: no ESM build beside ${cjs}`);
  return [cjs, esm] as const;
};
export const federationRuntimeAlias = Object.fromEntries(['@module-federation/webpack-bundler-runtime', '@module-federation/runtime', '@module-federation/inject-external-runtime-core-plugin'].map(esmOf));

/**
 * A remote's production build takes the shell's bundler runtime instead of bundling its own
 * (decision 077): the package is replaced by borrowed-bundler-runtime.ts, which the shell's
 * provideBundlerRuntime() feeds. Both record the package version they were built with.
 */
const bundlerRuntimePackage = '@module-federation/webpack-bundler-runtime';
const [bundlerRuntimeCjs, bundlerRuntimeEsm] = esmOf(bundlerRuntimePackage);
const borrowedBundlerRuntime = requireHere.resolve('../src/federation/borrowed-bundler-runtime.ts');
const remoteFederationRuntimeAlias = { ...federationRuntimeAlias, [`${bundlerRuntimePackage}$`]: borrowedBundlerRuntime, [bundlerRuntimeCjs]: borrowedBundlerRuntime, [bundlerRuntimeEsm]: borrowedBundlerRuntime };
const bundlerRuntimeVersion = (requireHere(`${bundlerRuntimePackage}/package.json`) as { version: string }).version;
export const bundlerRuntimeDefine = { __PL_MF_BUNDLER_RUNTIME_VERSION__: JSON.stringify(bundlerRuntimeVersion) };

/**
 * Module Federation's runtime asks `localStorage` whether to log for debugging as it starts (sdk
 * `isDebugMode`, from `setGlobalFederationConstructor`). A page's first touch of localStorage opens
 * the origin's storage synchronously: 19 ms of a first view's main thread in Chromium here (~80 ms
 * at Lighthouse's 4x CPU), for a switch no shopper sets, and nothing else in the shop uses
 * localStorage. This rule (for the shell, which carries the runtime) drops that probe from the
 * build. Build with FEDERATION_DEBUG set to keep it, or to turn the runtime's debugging on outright.
 */
export const federationDebugProbeRule = process.env.FEDERATION_DEBUG
  ? []
  : [{ test: /[\\/]@module-federation[\\/]sdk[\\/]dist[\\/]env\.js$/, loader: requireHere.resolve('./federation-debug-loader.cjs') }];

/**
 * Federation options of a remote: its contract (contracts `Remotes`) and the file of each module it
 * exposes, listed by the remote's own module-federation.config.ts. The listing must name exactly
 * the contract's modules: one missing or one more fails the typecheck (and the remote's contract
 * test), so a remote cannot expose what its contract does not declare, nor drop what it promises.
 */
export function remoteFederationOptions<R extends RemoteContract>(remote: R, exposes: { readonly [K in ExposeKeysOf<R>]: string }): FederationOptions {
  return {
    name: remote.name,
    filename: 'remoteEntry.js',
    exposes: { ...exposes },
    shared: sharedSingletons,
    // A remote's entry is fetched only when a page needs one of its modules (decision 006).
    shareStrategy: 'loaded-first',
    manifest: true,
    dts: false,
    // Production builds use the shell's copy of the federation runtime core (decision 009);
    // `rsbuild dev` keeps its own so the remote still runs alone.
    experiments: {
      externalRuntime: process.env.NODE_ENV === 'production',
      // A remote's entry runs in browsers only, and loads no remote itself (the shell does, from
      // manifests): leave Node's script loading and the manifest snapshot code out of it.
      optimization: { target: 'web', disableSnapshot: true, disableRemote: true },
    },
  };
}

/** The Rsbuild config of a remote: its own port, CORS for the shell's origin, API via the gateway. */
export function remoteRsbuildConfig(options: { app: string; port: number; federation: FederationOptions }): RsbuildConfig {
  const gateway = process.env.GATEWAY_URL ?? 'http://localhost:5000';
  return defineConfig({
    plugins: [pluginReact(), pluginModuleFederation(options.federation)],
    html: { title: `${options.app} (standalone) · Professional Liquidation` },
    server: {
      port: options.port,
      // The shell fetches the manifest and chunks from another origin. They are public, cookie-free
      // assets, so any origin may read them (dev and `rsbuild preview` alike).
      cors: false,
      headers: { 'Access-Control-Allow-Origin': '*' },
      // Running alone for development: the API and websocket through the gateway.
      proxy: { '/api': gateway, '/runtime': gateway, '/ws': { target: gateway, ws: true } },
    },
    resolve: { alias: process.env.NODE_ENV === 'production' ? remoteFederationRuntimeAlias : federationRuntimeAlias },
    source: { define: bundlerRuntimeDefine },
    // A remote's stylesheet (every exposed module imports it) in one file: in each module's own
    // chunk, a page showing three of the cart team's modules downloaded the same CSS three times.
    // The plain values of contracts the team's first-view modules share (API paths, DOM events, the
    // remote contracts) in one chunk too: below the splitter's size floor they were copied into each.
    performance: {
      chunkSplit: {
        strategy: 'split-by-experience',
        forceSplitting: {
          styles: /[\\/]src[\\/]features[\\/][^\\/]+\.css$/,
          'contracts-values': /packages[\\/]contracts[\\/]src[\\/](?:http|api-paths|dom-events|remotes|remote-contract|remotes[\\/](?:catalog|cart-checkout|account|admin))\.ts$/,
        },
      },
    },
    // 'auto': chunks load from wherever remoteEntry.js was served, not from the shell's origin.
    output: { assetPrefix: 'auto' },
    // Lazy compilation would build chunks on first request, which federation's chunk loading does not expect.
    dev: { assetPrefix: true, lazyCompilation: false },
    // The standalone page is for `rsbuild dev` only: production builds borrow the shell's federation
    // runtime, so a standalone index.html in dist/ could not run.
    tools: { htmlPlugin: process.env.NODE_ENV !== 'production' },
  });
}

/**
 * The Rsbuild config of a team's first-view renderer (decision 076): `entry` built for Node as one
 * ES module at `file` inside the remote's dist (kept, not cleaned, so the remote's own files stay).
 * Everything it imports is bundled into it (React included), so the gateway needs nothing of the
 * remote's installed; its stylesheets are the browser's business and are left out.
 */
export function firstViewRendererConfig(options: { entry: string; file: string }): RsbuildConfig {
  const dir = options.file.includes('/') ? options.file.slice(0, options.file.lastIndexOf('/')) : '';
  const name = options.file.slice(dir.length ? dir.length + 1 : 0);
  return defineConfig({
    plugins: [pluginReact()],
    source: { entry: { index: options.entry } },
    output: {
      target: 'node',
      module: true,
      cleanDistPath: false,
      emitCss: false,
      distPath: { root: `dist/${dir}`, js: '' },
      filename: { js: name },
      externals: [],
      minify: true,
    },
    performance: { chunkSplit: { strategy: 'all-in-one' } },
    // One file: what the browser loads later (import()) is bundled in, never fetched by the server.
    tools: { htmlPlugin: false, rspack: { output: { asyncChunks: false } } },
  });
}
