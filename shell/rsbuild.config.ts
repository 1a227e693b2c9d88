import { defineConfig } from '@rsbuild/core';
import { pluginReact } from '@rsbuild/plugin-react';
import { pluginModuleFederation } from '@module-federation/rsbuild-plugin';
import { bundlerRuntimeDefine, federationDebugProbeRule, federationRuntimeAlias } from '@pl/ui/federation';
import { SHOP_DESCRIPTION, SHOP_NAME } from '@pl/contracts';
import moduleFederationConfig from './module-federation.config';

// In development the shell runs on :5200 and borrows the gateway (:5000) for the API, the
// websocket and the runtime remote configuration; in production the gateway serves shell/dist.
const gateway = process.env.GATEWAY_URL ?? 'http://localhost:5000';

const isReactDomPreload = (tag: { tag: string; attrs?: Record<string, string | boolean | null | undefined> }) =>
  tag.tag === 'link' && tag.attrs?.rel === 'preload' && typeof tag.attrs.href === 'string' && tag.attrs.href.includes('/lib-react-dom.');

export default defineConfig({
  plugins: [pluginReact(), pluginModuleFederation(moduleFederationConfig)],
  html: {
    // Our own template for <html lang="en"> (the default has no lang: screen readers guess the language).
    template: './src/index.html',
    title: SHOP_NAME,
    meta: { description: SHOP_DESCRIPTION },
    // The entry starts everything, yet as a deferred script it is fetched at low priority: over
    // HTTP/1.1 (six connections) it queued behind the page's preloads and arrived last (3.0 s
    // against 1.9 s, Lighthouse with applied throttling; LCP of / 4.9-5.4 s without, 4.6-5.0 s with).
    // React's DOM renderer (55 KB br, a third of the first view) is the last file a first view
    // waits for: its preload comes first, so over HTTP/1.1's six connections it does not queue
    // behind the small chunks and start ~300 ms late (Lighthouse's simulation of /products).
    tags: (tags) =>
      tags
        .map((tag) => (tag.tag === 'script' && typeof tag.attrs?.src === 'string' ? { ...tag, attrs: { ...tag.attrs, fetchpriority: 'high' } } : tag))
        .sort((a, b) => Number(isReactDomPreload(b)) - Number(isReactDomPreload(a))),
  },
  server: {
    port: 5200,
    proxy: {
      '/api': { target: gateway, changeOrigin: false },
      '/runtime': { target: gateway, changeOrigin: false },
      '/ws': { target: gateway, ws: true, changeOrigin: false },
    },
  },
  resolve: { alias: federationRuntimeAlias },
  // The version of the bundler runtime the shell hands to the remotes (decision 077).
  source: { define: bundlerRuntimeDefine },
  // No localStorage read while the federation runtime starts (see federationDebugProbeRule).
  tools: { rspack: { module: { rules: federationDebugProbeRule } } },
  output: { assetPrefix: '/' },
  // Lazy compilation would build chunks on first request, which federation's chunk loading does not expect.
  dev: { lazyCompilation: false },
  performance: {
    // zod in a chunk of its own name, so the preloads below can leave it out; react-dom (and its
    // scheduler) and the design system (@pl/ui) each in one chunk: as shared packages each came in
    // two chunks holding the same modules (the provided module's and its fallback's), both downloaded.
    // With it the plain modules of contracts it formats prices and grades with (money,
    // catalog-values) and asks the API with (http, api-paths), which the shell's own first view
    // shares: apart, they were a request of their own, or two (the provided module's and the fallback's).
    chunkSplit: {
      strategy: 'split-by-experience',
      // The pages' own titles and descriptions (decision 071): for navigations, after the first view.
      forceSplitting: { 'page-info': /packages[\\/]contracts[\\/]src[\\/](page-info|remotes[\\/][a-z-]+-pages)\.ts$/, 'lib-zod': /node_modules[\\/]zod[\\/]/, 'lib-react-dom': /node_modules[\\/](react-dom|scheduler)[\\/]/, 'lib-pl-ui': /packages[\\/](?:ui[\\/]src[\\/](?!federation[\\/]).+\.tsx?|contracts[\\/]src[\\/](?:money|catalog-values|http|api-paths)\.ts)$/ },
    },
    // The shell's entry only starts the federation runtime; React, the router and the rest arrive as
    // async chunks it asks for. Named in the page, they download alongside the entry, not after it.
    // Not the websocket's message schemas and zod: they come with the first message (decision 025).
    preload: { type: 'async-chunks', exclude: /realtime-messages|lib-zod|page-info/ },
  },
});
