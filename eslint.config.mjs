// The seams between teams and layers, kept by the linter rather than by comments (decision 035).
// `npm test` runs it at zero warnings. Only rules that guard a boundary or a React rule are on:
// formatting and style are the reviewers' (STYLE.md).
import { readdirSync } from 'node:fs';
import importPlugin from 'eslint-plugin-import';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const REMOTES = ['mf-catalog', 'mf-cart-checkout', 'mf-account', 'mf-admin'];
const SERVICES = ['catalog', 'cart', 'identity', 'pos-sync'];
const BROWSER = ['shell', ...REMOTES];

/** Inside a service: use cases do not depend on the HTTP routes that call them. */
const serviceLayers = SERVICES.map((s) => ({
  target: `./services/${s}/src/domain`,
  from: `./services/${s}/src/routes`,
  message: 'Use cases must not depend on the HTTP routes that call them.',
}));

/**
 * Inside a remote, a feature folder is its own: it imports its own folder and the remote's shared/
 * (what several features use), never another feature. What two features need goes to shared/.
 */
const featureZones = REMOTES.flatMap((r) =>
  readdirSync(`${r}/src/features`, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map(({ name }) => ({
      target: `./${r}/src/features/${name}`,
      from: `./${r}/src/features`,
      except: [`./${name}`],
      message: 'A feature imports its own folder and shared/, never another feature (decision 036).',
    })),
);

const zones = [
  // A team deploys its remote alone: no remote reads another's code, nor the shell's; the shell reads none of theirs.
  ...REMOTES.map((r) => ({
    target: `./${r}`,
    from: [...BROWSER.filter((other) => other !== r).map((other) => `./${other}`)],
    message: 'A remote talks to others only through its exposed modules and @pl/contracts (decision 035).',
  })),
  { target: './shell', from: REMOTES.map((r) => `./${r}`), message: 'The shell loads remotes at run time; it never imports them.' },
  // Services own their data: another service is reached over HTTP or events, never by import.
  ...SERVICES.map((s) => ({
    target: `./services/${s}/src`,
    from: [...SERVICES.filter((other) => other !== s).map((other) => `./services/${other}`), './gateway', './stand-ins'],
    message: 'A service reaches another (or a stand-in for a vendor) over HTTP or NATS, never by import (tests may compose them).',
  })),
  // Stand-ins play vendors outside the shop (the reference POS): they know nothing of the shop's code.
  { target: './stand-ins', from: ['./services', './gateway', './packages', ...BROWSER.map((b) => `./${b}`)], message: 'A stand-in speaks its vendor\'s protocol and imports nothing of the shop.' },
  { target: './gateway/src', from: './services', message: 'The gateway reaches services over HTTP, never by import.' },
  { target: './packages', from: ['./services', './gateway', ...BROWSER.map((b) => `./${b}`)], message: 'Shared packages depend on no app.' },
  ...serviceLayers,
  ...featureZones,
  {
    target: './gateway/src/auth',
    from: ['./gateway/src/proxy', './gateway/src/realtime', './gateway/src/static'],
    message: 'Sessions and tokens come before the proxy and the pages that use them.',
  },
];

export default tseslint.config(
  {
    ignores: ['**/dist/**', '**/node_modules/**', '**/@mf-types/**', '**/coverage/**', '**/*.js', '**/*.cjs', '**/*.mjs', '**/*.d.mts'],
  },
  {
    files: ['**/*.ts', '**/*.tsx', '**/*.mts'],
    languageOptions: { parser: tseslint.parser, parserOptions: { ecmaFeatures: { jsx: true } } },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    plugins: { import: importPlugin },
    settings: {
      'import/resolver': { typescript: { project: './tsconfig.json', alwaysTryTypes: true }, node: true },
      'import/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx', '.mts'] },
    },
    rules: {
      'import/no-cycle': ['error', { ignoreExternal: true }],
      'import/no-restricted-paths': ['error', { zones }],
      'import/no-self-import': 'error',
    },
  },
  {
    // Repositories are the bottom layer: they return the domain's record types (type imports, gone
    // at run time) but run none of its code, and know nothing of routes or consumers.
    files: ['services/*/src/db/**/*.ts'],
    plugins: { '@typescript-eslint': tseslint.plugin },
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['../domain/*'], allowTypeImports: true, message: 'db/ may use the domain\'s types, not its code (decision 035).' },
            { group: ['../routes/*', '../events/*'], message: 'db/ is the bottom layer of a service.' },
          ],
        },
      ],
    },
  },
  {
    files: ['shell/src/**/*.{ts,tsx}', 'mf-*/src/**/*.{ts,tsx}', 'packages/ui/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    // The router and the query cache come from @pl/ui, the shared design system: the shell's
    // instances, and only the parts the apps use (decision 077).
    files: ['shell/src/**/*.{ts,tsx}', 'mf-*/src/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            { name: '@tanstack/react-query', message: "Import the query hooks and QueryClient from '@pl/ui' (packages/ui/src/runtime/query.ts): one cache per page, and only what the apps use reaches a browser." },
            { name: 'react-router', message: "Import the router from '@pl/ui' (packages/ui/src/runtime/router.ts): the shell's router context." },
          ],
        },
      ],
    },
  },
  {
    // A team's query keys start with its remote name, made by its shared/team-cache.ts (decision 036).
    files: ['mf-*/src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'Property[key.name=/^(queryKey|mutationKey)$/] > ArrayExpression:not(:has(> SpreadElement))',
          message: "Make this team's query keys with its cache (shared/team-cache.ts: key(...)), so no other team shares or refreshes them (decision 036).",
        },
      ],
    },
  },
  {
    // A test focused or switched off by hand does not ship: under CI `npm test` runs this at zero
    // warnings. A test that needs a tool the machine may lack skips itself by a condition
    // (`(have ? it : it.skip)`), and CI fails on any skipped test (scripts/test.mjs).
    files: ['**/*.test.{ts,tsx}', 'e2e/**/*.ts', 'scripts/**/*.test.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        { selector: "MemberExpression[object.name=/^(it|test|describe)$/][property.name='only']", message: 'A focused test (.only) runs alone and hides the rest.' },
        { selector: "CallExpression[callee.object.name=/^(it|test|describe)$/][callee.property.name='skip']", message: 'A test switched off by hand (.skip) rots; skip by a condition the machine decides, or delete it.' },
        { selector: 'CallExpression[callee.name=/^(fit|fdescribe|xit|xdescribe|xtest)$/]', message: 'A focused or switched-off test does not ship.' },
      ],
    },
  },
);
