#!/usr/bin/env node
// Bundles one Node workspace (a service or the gateway) into dist/main.js with esbuild.
// Workspace packages (@pl/*) are TypeScript source and get bundled; every other package stays
// external and is loaded from node_modules at run time. Run from the workspace folder, or pass it.
import { build } from 'esbuild';
import { readFileSync } from 'node:fs';
import path from 'node:path';

/** Bundles one TypeScript entry for Node (ESM), @pl/* packages included, npm packages external. */
export async function bundleForNode({ entry, outfile }) {
  await build({
    entryPoints: [entry],
    outfile,
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'esm',
    sourcemap: true,
    logLevel: 'warning',
    // Bundled CommonJS dependencies of @pl/* may call require(); give ESM output one.
    banner: { js: "import { createRequire as __plCreateRequire } from 'node:module'; const require = __plCreateRequire(import.meta.url);" },
    plugins: [
      {
        name: 'externalise-node-modules',
        setup(b) {
          b.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@pl/') ? undefined : { external: true }));
        },
      },
    ],
  });
}

export async function buildNodeWorkspace(dir) {
  const pkg = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8'));
  const started = Date.now();
  await bundleForNode({ entry: path.join(dir, 'src/main.ts'), outfile: path.join(dir, 'dist/main.js') });
  return { name: pkg.name, ms: Date.now() - started };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const dir = path.resolve(process.argv[2] ?? process.cwd());
  const { name, ms } = await buildNodeWorkspace(dir);
  console.log(`built ${name} in ${ms} ms`);
}
