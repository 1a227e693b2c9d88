#!/usr/bin/env node
// Builds everything `npm start` runs: the four services and the gateway (esbuild, Node bundles)
// and the shell plus the four remotes (Rsbuild, each its own Module Federation build, precompressed).
// `node scripts/build.mjs gateway shell` builds only the workspaces named (the images build one each).
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildNodeWorkspace } from './build-node.mjs';
import { precompress } from './precompress.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const NODE_WORKSPACES = ['services/identity', 'services/catalog', 'services/cart', 'services/pos-sync', 'stand-ins/pos-reference', 'gateway'];
export const WEB_APPS = ['shell', 'mf-catalog', 'mf-cart-checkout', 'mf-account', 'mf-admin'];

/** A web app's Node-side first-view renderer (decision 076), built after the app into its dist, when it has one. */
const FIRST_VIEW_CONFIG = 'rsbuild.server.config.ts';

function rsbuild(app) {
  const started = Date.now();
  return rsbuildOnce(app, [])
    .then(() => (existsSync(path.join(root, app, FIRST_VIEW_CONFIG)) ? rsbuildOnce(app, ['-c', FIRST_VIEW_CONFIG]) : undefined))
    .then(() => precompress(path.join(root, app, 'dist')))
    .then(() => ({ name: app, ms: Date.now() - started }));
}

function rsbuildOnce(app, args) {
  return new Promise((resolve, reject) => {
    const child = spawn(path.join(root, 'node_modules/.bin/rsbuild'), ['build', ...args], {
      cwd: path.join(root, app),
      env: { ...process.env, NODE_ENV: 'production' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.on('close', (code) => {
      if (code !== 0) return reject(new Error(`build of ${app}${args.length ? ` (${args.at(-1)})` : ''} failed:\n${output}`));
      resolve();
    });
  });
}

export async function buildAll({ log = console.log, only } = {}) {
  const started = Date.now();
  const unknown = (only ?? []).filter((ws) => !NODE_WORKSPACES.includes(ws) && !WEB_APPS.includes(ws));
  if (unknown.length) throw new Error(`not a workspace this builds: ${unknown.join(', ')} (known: ${[...NODE_WORKSPACES, ...WEB_APPS].join(', ')})`);
  const wanted = (ws) => !only?.length || only.includes(ws);
  for (const ws of NODE_WORKSPACES.filter(wanted)) {
    const { name, ms } = await buildNodeWorkspace(path.join(root, ws));
    log(`built ${name} in ${ms} ms`);
  }
  // Two cores: two Rsbuild builds at a time.
  const queue = WEB_APPS.filter(wanted);
  const workers = Array.from({ length: 2 }, async () => {
    for (let app = queue.shift(); app; app = queue.shift()) {
      const { name, ms } = await rsbuild(app);
      log(`built ${name} in ${ms} ms`);
    }
  });
  await Promise.all(workers);
  log(`build finished in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await buildAll({ only: process.argv.slice(2) }).catch((err) => {
    console.error(err.message);
    process.exit(1);
  });
}
