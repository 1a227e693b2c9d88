import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sharedSingletons } from './shared-singletons';

// The federation runtime does not check the versions of shared singletons (requiredVersion: false),
// so the builds must agree on them: every app asks for the same range of each, and the lockfile
// resolves each to one copy.
const root = path.resolve(__dirname, '../../..');
const apps = ['shell', 'mf-catalog', 'mf-cart-checkout', 'mf-account', 'mf-admin'];
const json = (file: string) => JSON.parse(readFileSync(path.join(root, file), 'utf8'));

describe('shared singletons', () => {
  it.each(Object.keys(sharedSingletons))('%s: every app asks for the same range, and one copy is installed', (name) => {
    const ranges = apps.map((app) => json(`${app}/package.json`).dependencies?.[name]);
    expect(new Set(ranges).size).toBe(1);
    expect(ranges[0]).toBeDefined();
    const lock = json('package-lock.json').packages as Record<string, { version?: string; link?: boolean }>;
    const copies = Object.keys(lock).filter((key) => key === `node_modules/${name}` || key.endsWith(`/node_modules/${name}`));
    expect(copies).toEqual([`node_modules/${name}`]);
  });
});
