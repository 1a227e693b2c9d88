#!/usr/bin/env node
// Bundles one Node workspace (a service or the gateway) into dist/ with esbuild.
// Workspace packages (@pl/*) are TypeScript source and get bundled; every other package stays
// external and is loaded from node_modules at run time. Run from the workspace folder, or pass it.
// A workspace on @pl/service-kit gets two files: dist/main.js starts tracing (service-kit's
// traced-main.ts, decision 040) and then imports dist/service.js, its src/main.ts; others get
// src/main.ts as dist/main.js.
import { build } from 'esbuild';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Bundles one TypeScript entry for Node (ESM), @pl/* packages included, npm packages external. */
export async function bundleForNode({ entry, outfile, define }) {
  await build({
    entryPoints: [entry],
    outfile,
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'esm',
    sourcemap: true,
    logLevel: 'warning',
    define,
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

const TRACED_MAIN = fileURLToPath(new URL('../packages/service-kit/src/traced-main.ts', import.meta.url));

/** Builds `dir` into `outDir` (default dir/dist; a test builds elsewhere so it never touches a running stack's files). */
export async function buildNodeWorkspace(dir, { outDir = path.join(dir, 'dist') } = {}) {
  const pkg = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8'));
  const started = Date.now();
  const entry = path.join(dir, 'src/main.ts');
  if (pkg.dependencies?.['@pl/service-kit']) {
    await bundleForNode({ entry, outfile: path.join(outDir, 'service.js') });
    // The default service.name of its traces: '@pl/pos-sync-service' -> 'pos-sync'.
    const serviceName = pkg.name.replace(/^@[^/]+\//, '').replace(/-service$/, '');
    await bundleForNode({ entry: TRACED_MAIN, outfile: path.join(outDir, 'main.js'), define: { PL_SERVICE_NAME: JSON.stringify(serviceName) } });
  } else {
    await bundleForNode({ entry, outfile: path.join(outDir, 'main.js') });
  }
  return { name: pkg.name, ms: Date.now() - started };
}

// node scripts/build-node.mjs [workspace folder] [output folder]
if (import.meta.url === `file://${process.argv[1]}`) {
  const dir = path.resolve(process.argv[2] ?? process.cwd());
  const { name, ms } = await buildNodeWorkspace(dir, process.argv[3] ? { outDir: path.resolve(process.argv[3]) } : {});
  console.log(`built ${name} in ${ms} ms`);
}
