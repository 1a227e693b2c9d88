import { defineConfig } from '@rsbuild/core';
import { pluginReact } from '@rsbuild/plugin-react';
import { pluginModuleFederation } from '@module-federation/rsbuild-plugin';
import moduleFederationConfig from './module-federation.config';

const port = Number(process.env.MF_CART_CHECKOUT_PORT ?? 5202);
const gateway = process.env.GATEWAY_URL ?? 'http://localhost:5000';

export default defineConfig({
  plugins: [pluginReact(), pluginModuleFederation(moduleFederationConfig)],
  html: { title: 'mf-cart-checkout (standalone) · Professional Liquidation' },
  server: {
    port,
    // The shell fetches the manifest and chunks from another origin. They are public, cookie-free
    // assets, so any origin may read them (dev and `rsbuild preview` alike).
    cors: false,
    headers: { 'Access-Control-Allow-Origin': '*' },
    // Running alone for development: the API and websocket through the gateway.
    proxy: { '/api': gateway, '/runtime': gateway, '/ws': { target: gateway, ws: true } },
  },
  // 'auto': chunks load from wherever remoteEntry.js was served, not from the shell's origin.
  output: { assetPrefix: 'auto' },
  // Lazy compilation would build chunks on first request, which federation's chunk loading does not expect.
  dev: { assetPrefix: true, lazyCompilation: false },
  // The standalone page is for `rsbuild dev` only: production builds borrow the shell's federation
  // runtime (see module-federation.config.ts), so a standalone index.html in dist/ could not run.
  tools: { htmlPlugin: process.env.NODE_ENV !== 'production' },
});
