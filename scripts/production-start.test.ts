// What an operator sees who deploys with NODE_ENV=production and leaves out a value production
// requires (decision 042): the built process (dist/main.js, as the images run it) exits 1 at start
// with one line naming the variable, and no stack trace. What an operator turns on by name starts.
// Every workspace is built into a temporary folder (a running stack's dist/ is left alone); the
// refused starts stop at the configuration, before any database or broker is opened.
import { execFile, spawn } from 'node:child_process';
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { createTestSchemaPool, testDatabaseUrl, type TestSchemaPool } from '@pl/service-kit/testing';
import { startEmbeddedNats } from './embedded-nats.mjs';

const root = path.resolve(__dirname, '..');
const WORKSPACES = { cart: 'services/cart', identity: 'services/identity', catalog: 'services/catalog', 'pos-sync': 'services/pos-sync', gateway: 'gateway' } as const;
type Process = keyof typeof WORKSPACES;

const { privateKey, publicKey } = generateKeyPairSync('ed25519');
const secret = () => randomBytes(32).toString('hex');
/** Every value each process needs in production (live Stripe keys, real mail); a case takes one away. */
const PRODUCTION: Record<Process, Record<string, string>> = {
  cart: { ORDER_LINK_SECRET: secret(), STRIPE_SECRET_KEY: 'sk_live_x', STRIPE_PUBLISHABLE_KEY: 'pk_live_x', STRIPE_WEBHOOK_SECRET: 'whsec_x' },
  identity: { SMTP_URL: 'smtp://127.0.0.1:2525', TRUSTED_PROXIES: '10.0.0.0/8' },
  // The photo folder on purpose (the refused cases need no folder; the one that starts is given one).
  catalog: { OBJECT_STORAGE: 'filesystem' },
  'pos-sync': { POS_SETTINGS_KEY: secret() },
  gateway: {
    JWT_PRIVATE_KEY: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    JWT_PUBLIC_KEY: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
    METRICS_PORT: '0',
  },
};
const COMMON = {
  NODE_ENV: 'production',
  ENV_FILE: '',
  PORT: '0',
  INTERNAL_API_TOKEN: secret(),
  SHUTDOWN_DRAIN_MS: '0',
  // Nothing listens here: a process that should have refused fails there, never touching a shared database or broker.
  DATABASE_URL: 'postgres://postgres@127.0.0.1:9/nowhere',
  NATS_URL: 'nats://127.0.0.1:9',
};

let dir: string;
const mainOf = (name: Process) => path.join(dir, WORKSPACES[name], 'dist/main.js');

/** Runs the built process until it exits, or until it logs that it listens (then stops it). */
function run(name: Process, env: Record<string, string>): Promise<{ code: number | null; listening: boolean; output: string; port?: number; stop: () => Promise<void> }> {
  const child = spawn(process.execPath, [mainOf(name)], { env: { PATH: process.env.PATH ?? '', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const stop = async () => {
    child.kill('SIGTERM');
    await exited;
  };
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`${name} neither exited nor listened within 20 s:\n${output}`));
    }, 20_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /"port":(\d+)[^\n]*"msg":"listening"/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve({ code: null, listening: true, output, port: Number(match[1]), stop });
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    void exited.then((code) => {
      clearTimeout(timer);
      resolve({ code, listening: false, output, stop });
    });
  });
}

/** The production environment of `name` with `change` applied (undefined: left out). */
const productionEnv = (name: Process, change: Record<string, string | undefined> = {}) => {
  const env: Record<string, string | undefined> = { ...COMMON, ...PRODUCTION[name], ...change };
  return Object.fromEntries(Object.entries(env).filter((e): e is [string, string] => e[1] !== undefined));
};

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'pl-production-start-'));
  await Promise.all(
    Object.values(WORKSPACES).map(async (workspace) => {
      const out = path.join(dir, workspace);
      await mkdir(out, { recursive: true });
      await promisify(execFile)(process.execPath, [path.join(root, 'scripts/build-node.mjs'), path.join(root, workspace), path.join(out, 'dist')]);
      // Beside dist/, what the process finds from its own location, as in the image.
      for (const name of ['migrations', 'media', 'node_modules']) if (existsSync(path.join(root, workspace, name))) await symlink(path.join(root, workspace, name), path.join(out, name));
    }),
  );
  await symlink(path.join(root, 'node_modules'), path.join(dir, 'node_modules'));
}, 60_000);
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('a process started with NODE_ENV=production', () => {
  const stripeUnset = { STRIPE_SECRET_KEY: undefined, STRIPE_PUBLISHABLE_KEY: undefined, STRIPE_WEBHOOK_SECRET: undefined };
  it.each<[Process, string, string, Record<string, string | undefined>]>([
    ['cart', 'STRIPE_SECRET_KEY', 'no Stripe keys (the test-card provider)', stripeUnset],
    ['cart', 'STRIPE_SECRET_KEY', 'a Stripe test key', { STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_PUBLISHABLE_KEY: 'pk_test_x' }],
    ['cart', 'ORDER_LINK_SECRET', 'it unset', { ORDER_LINK_SECRET: undefined }],
    ['cart', 'INTERNAL_API_TOKEN', 'it unset', { INTERNAL_API_TOKEN: undefined }],
    ['identity', 'SMTP_URL', 'it unset (the dev mailbox)', { SMTP_URL: undefined }],
    ['identity', 'INTERNAL_API_TOKEN', 'it unset', { INTERNAL_API_TOKEN: undefined }],
    ['identity', 'TRUSTED_PROXIES', 'it unset (a guess at the gateways)', { TRUSTED_PROXIES: undefined }],
    ['catalog', 'INTERNAL_API_TOKEN', 'it unset', { INTERNAL_API_TOKEN: undefined }],
    ['catalog', 'OBJECT_STORAGE', "it unset (photos on each instance's own disk)", { OBJECT_STORAGE: undefined }],
    ['catalog', 'S3_BUCKET', 'OBJECT_STORAGE=s3 without a bucket', { OBJECT_STORAGE: 's3' }],
    ['pos-sync', 'POS_SETTINGS_KEY', 'it unset', { POS_SETTINGS_KEY: undefined }],
    ['pos-sync', 'INTERNAL_API_TOKEN', 'it unset', { INTERNAL_API_TOKEN: undefined }],
    ['gateway', 'JWT_PRIVATE_KEY', 'no JWT keys (a generated pair)', { JWT_PRIVATE_KEY: undefined, JWT_PUBLIC_KEY: undefined }],
    ['gateway', 'INTERNAL_API_TOKEN', 'it unset', { INTERNAL_API_TOKEN: undefined }],
  ])('%s refuses to start, naming %s, with %s', async (name, variable, _case, change) => {
    const { code, listening, output, stop } = await run(name, productionEnv(name, change));
    if (listening) await stop();
    expect(listening).toBe(false);
    expect(code).toBe(1);
    // Exactly the one variable, as the operator reads it: no other issue, no stack trace.
    expect(output.trim()).toMatch(new RegExp(`^Invalid configuration:\\n  ${variable}: [^\\n]+$`));
  });

  describe('with what an operator turned on by name', () => {
    let db: TestSchemaPool;
    let broker: Awaited<ReturnType<typeof startEmbeddedNats>>;
    beforeAll(async () => {
      broker = await startEmbeddedNats({ port: 0 });
    });
    afterAll(async () => {
      await broker?.close();
    });
    beforeEach(() => {
      db = createTestSchemaPool('production_start');
    });
    afterEach(async () => {
      await db.cleanup();
    });
    const infrastructure = () => ({ DATABASE_URL: testDatabaseUrl(), DB_SCHEMA: db.schema, NATS_URL: broker.url, GATEWAY_JWKS_URL: 'http://127.0.0.1:9/.well-known/jwks.json' });

    it('the cart starts with PAYMENTS_TEST_MODE=on and says payments are in test mode', async () => {
      const cart = await run('cart', { ...productionEnv('cart', { ...stripeUnset, PAYMENTS_TEST_MODE: 'on' }), ...infrastructure() });
      try {
        expect(cart.listening).toBe(true);
        const res = await fetch(`http://127.0.0.1:${cart.port}/api/payments/mode`);
        expect(await res.json()).toEqual({ provider: 'test-card', testMode: true });
      } finally {
        await cart.stop();
      }
    });

    it('identity starts with MAIL_TRANSPORT=log and warns that mail is not delivered', async () => {
      const identity = await run('identity', { ...productionEnv('identity', { SMTP_URL: undefined, MAIL_TRANSPORT: 'log' }), ...infrastructure() });
      try {
        expect(identity.listening).toBe(true);
        expect(identity.output).toMatch(/"level":40[^\n]*MAIL_TRANSPORT=log: mail is logged and NOT delivered/);
      } finally {
        await identity.stop();
      }
    });

    it('the catalog starts without its demo goods unless SEED_DEMO_CATALOG=true asks for them', async () => {
      const catalog = await run('catalog', { ...productionEnv('catalog', { OBJECT_STORAGE_DIR: path.join(dir, 'objects') }), ...infrastructure() });
      try {
        expect(catalog.listening).toBe(true);
        const { rows } = await db.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM products');
        expect(rows[0]!.n).toBe(0);
      } finally {
        await catalog.stop();
      }
    });
  });
});
