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
  // Two files at once: each runs a shop of its own (its database, its nats-server, free ports), so
  // they share nothing but the machine. On this 2-core machine the suite took 597 s so, 817 s one at a time.
  maxWorkers: 2,
};
