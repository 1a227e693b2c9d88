// Starts the whole shop for one test file: a fresh PostgreSQL database on DATABASE_URL's server,
// the real NATS at NATS_URL, every service, the gateway and the remotes on free ports.
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { freePort, startShop, type StartedShop } from '../../scripts/local-stack.mjs';

export const DATABASE_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
export const NATS_URL = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';

export interface TestShop extends StartedShop {
  databaseUrl: string;
  ports: Record<string, number>;
}

async function createDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `pl_e2e_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = new pg.Client({ connectionString: DATABASE_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(DATABASE_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: DATABASE_URL });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

export interface TestShopOptions {
  env?: NodeJS.ProcessEnv;
  natsUrl?: string;
  /** Start the reference POS too (only the admin tests talk to it). */
  referencePos?: boolean;
}

export async function startTestShop(options: TestShopOptions = {}): Promise<TestShop> {
  const db = await createDatabase();
  const names = ['gateway', 'identity', 'catalog', 'cart', 'pos-sync', ...(options.referencePos ? ['pos'] : []), 'mf-catalog', 'mf-cart-checkout', 'mf-account', 'mf-admin'];
  const ports: Record<string, number> = {};
  for (const n of names) ports[n] = await freePort();
  const keyDir = mkdtempSync(path.join(os.tmpdir(), 'pl-e2e-keys-'));
  const env: NodeJS.ProcessEnv = { ...process.env, LOG_LEVEL: 'warn', ...options.env };
  for (const k of ['PORT', 'PUBLIC_ORIGIN', 'REMOTE_MF_CATALOG_URL', 'REMOTE_MF_CART_CHECKOUT_URL', 'REMOTE_MF_ACCOUNT_URL', 'REMOTE_MF_ADMIN_URL']) {
    if (!options.env?.[k]) delete env[k];
  }
  try {
    const shop = await startShop({
      databaseUrl: db.url,
      natsUrl: options.natsUrl ?? NATS_URL,
      env,
      ports,
      quiet: true,
      log: () => {},
      jwtKeyFile: path.join(keyDir, 'jwt-keys.json'),
      referencePos: options.referencePos ?? false,
    });
    return {
      ...shop,
      databaseUrl: db.url,
      ports,
      stop: async () => {
        await shop.stop();
        await db.drop();
      },
    };
  } catch (err) {
    await db.drop();
    throw err;
  }
}
