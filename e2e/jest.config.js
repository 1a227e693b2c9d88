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
  maxWorkers: 1,
};
