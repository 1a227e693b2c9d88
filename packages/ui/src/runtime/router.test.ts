import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(__dirname, '../../../..');
const APPS = ['shell', 'mf-catalog', 'mf-cart-checkout', 'mf-account', 'mf-admin'];
/**
 * The files allowed to name react-router: the one re-export, the standalone dev page built on it, and
 * the server-side render (bundled whole into each renderer, one copy of the router with its pages).
 */
const ALLOWED = new Set(['packages/ui/src/runtime/router.ts', 'packages/ui/src/runtime/standalone-app.tsx', 'packages/ui/src/server/render-page.tsx']);

function sources(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name))
    .map((e) => path.relative(root, path.join(e.parentPath, e.name)));
}

// A remote that imported react-router itself would bundle its own copy (the package is not a
// federation singleton): its links and hooks would look for a router context that is not there.
it('keeps every app on the router @pl/ui hands out: no source imports react-router directly', () => {
  const files = [...APPS.map((app) => path.join(root, app, 'src')), path.join(root, 'packages/ui/src')].flatMap(sources);
  expect(files.length).toBeGreaterThan(50);
  const direct = files.filter((f) => !ALLOWED.has(f) && /from ['"]react-router(-dom)?['"]/.test(readFileSync(path.join(root, f), 'utf8')));
  expect(direct).toEqual([]);
});
