// Browser end-to-end suite: real Chromium (playwright-core, Debian's chromium) against the whole
// shop started by scripts/local-stack.mjs on free ports and a fresh database. Native ESM so the
// tests can import the same .mjs scripts `npm start` uses.
module.exports = {
  rootDir: '..',
  testEnvironment: 'node',
  testMatch: ['<rootDir>/e2e/**/*.e2e.ts'],
  extensionsToTreatAsEsm: ['.ts'],
  transform: {
    '^.+\\.ts$': ['@swc/jest', { jsc: { parser: { syntax: 'typescript' }, target: 'es2022' }, module: { type: 'es6' } }],
  },
  moduleNameMapper: { '^(\\.{1,2}/.*)\\.js$': '$1' },
  testTimeout: 120000,
  // One file at a time. On a two-core host, two at once took 1,572 s against 1,507 s (every file
  // starts a shop of nine processes and a browser: the cores, not the waits, set the pace).
  maxWorkers: 1,
};
