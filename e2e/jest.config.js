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
  // One file at a time. Two at once took 597 s here against 817 s, but files that stop a server and
  // start it again on the same port (outage-recovery: PostgreSQL and NATS) then met the other
  // file's shop taking that port meanwhile (a fresh-clone run failed so: 'Address already in use').
  maxWorkers: 1,
};
