// Unit and integration tests for packages, services and the gateway. They talk to the real
// PostgreSQL and NATS (DATABASE_URL / NATS_URL; see README). Browser tests live in e2e/.
const swc = ['@swc/jest', { jsc: { parser: { syntax: 'typescript', tsx: true }, target: 'es2022', transform: { react: { runtime: 'automatic' } } }, module: { type: 'commonjs' } }];
module.exports = {
  testEnvironment: 'node',
  // httpxy (http-proxy-middleware's engine) and the scripts' brokers ship only .mjs: transform them to CommonJS too.
  transform: { '^.+\\.(t|j)sx?$': swc, '/node_modules/httpxy/.+\\.mjs$': swc, '/scripts/.+\\.mjs$': swc },
  transformIgnorePatterns: ['/node_modules/(?!(jose|http-proxy-middleware|httpxy|is-plain-obj)/)'],
  moduleNameMapper: { '^(\\.{1,2}/.*)\\.js$': '$1' },
  testMatch: ['<rootDir>/{packages,services,stand-ins,gateway,shell,mf-*}/**/*.test.ts?(x)', '<rootDir>/scripts/**/*.test.ts'],
  testPathIgnorePatterns: ['/node_modules/', '/dist/'],
  testTimeout: 30000,
  maxWorkers: 2,
};
