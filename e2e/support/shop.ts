// Starts the whole shop for one test file: a fresh PostgreSQL database on DATABASE_URL's server, a
// nats-server of its own (JetStream, on a free port: the durable consumers of one file's shop never
// meet another's, nor a backlog that other suites or benches left on the machine's shared server),
// every service, the gateway and the remotes on free ports.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { Browser } from 'playwright-core';
import { freePort, startShop, type StartedShop } from '../../scripts/local-stack.mjs';
import { launchBrowser } from './browser.js';
import { startNatsServer, stopped } from './nats-server.js';

export const DATABASE_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
export const NATS_URL = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';

export interface TestShop extends StartedShop {
  databaseUrl: string;
  /** The NATS the shop's services use (its own server, unless the caller gave one). */
  natsUrl: string;
  ports: Record<string, number>;
}

export async function createTestDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `pl_e2e_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = new pg.Client({ connectionString: DATABASE_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(DATABASE_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    // WITH (FORCE) ends the sessions there at the moment of the drop; a process still stopping
    // can open a new one in between ('is being accessed by other users'), so it is tried again.
    drop: async () => {
      for (let attempt = 1; ; attempt++) {
        const c = new pg.Client({ connectionString: DATABASE_URL });
        try {
          await c.connect();
          await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
          return;
        } catch (err) {
          if (attempt >= 10) throw err;
          await new Promise((r) => setTimeout(r, 300 * attempt));
        } finally {
          await c.end().catch(() => {});
        }
      }
    },
  };
}

export interface TestShopOptions {
  env?: NodeJS.ProcessEnv;
  /** The caller's NATS (a broker it stops and starts, the machine's); unset, a nats-server of the shop's own. */
  natsUrl?: string;
  /** Start the reference POS too (only the admin tests talk to it). */
  referencePos?: boolean;
  /** Start a process again when it dies, as npm start does. */
  supervised?: boolean;
  /** Ports chosen by the test (e.g. for a proxy started in front first), by name as in `ports`; the rest are free ones. */
  ports?: Record<string, number>;
  /** Run on this database (the caller's, left in place at stop) instead of a fresh one dropped at stop. */
  databaseUrl?: string;
}

/**
 * The shop and a browser started side by side for one test file. When either fails to start, the
 * other is stopped before the error is thrown, so nothing is left running (a leftover process
 * keeps jest from exiting).
 */
export async function startShopAndBrowser(options: TestShopOptions = {}): Promise<[TestShop, Browser]> {
  const [shop, browser] = await Promise.allSettled([startTestShop(options), launchBrowser()]);
  if (shop.status === 'fulfilled' && browser.status === 'fulfilled') return [shop.value, browser.value];
  if (browser.status === 'fulfilled') await browser.value.close().catch(() => {});
  if (shop.status === 'fulfilled') await shop.value.stop().catch(() => {});
  throw shop.status === 'rejected' ? shop.reason : (browser as PromiseRejectedResult).reason;
}

/**
 * Starts the shop; a start that fails is told on stderr with its reason and tried once more, on a
 * new database and new ports (a CI run once lost a whole suite to one start that did not become
 * ready in time). A second failure is the suite's failure.
 */
export async function startTestShop(options: TestShopOptions = {}): Promise<TestShop> {
  try {
    return await startTestShopOnce(options);
  } catch (err) {
    console.error(`the test shop did not start; trying once more. Why: ${err instanceof Error ? err.message : String(err)}`);
    return startTestShopOnce(options);
  }
}

async function startTestShopOnce(options: TestShopOptions): Promise<TestShop> {
  const db = options.databaseUrl ? { url: options.databaseUrl, drop: async () => {} } : await createTestDatabase();
  const names = ['gateway', 'identity', 'catalog', 'cart', 'pos-sync', ...(options.referencePos ? ['pos'] : []), 'mf-catalog', 'mf-cart-checkout', 'mf-account', 'mf-admin'];
  const ports: Record<string, number> = {};
  for (const n of names) ports[n] = options.ports?.[n] ?? (await freePort());
  const keyDir = mkdtempSync(path.join(os.tmpdir(), 'pl-e2e-keys-'));
  // Photos in a folder of this shop's own, gone with it (not the checkout's .data/objects of npm start).
  const env: NodeJS.ProcessEnv = { ...process.env, LOG_LEVEL: 'warn', OBJECT_STORAGE_DIR: path.join(keyDir, 'objects'), ...options.env };
  for (const k of ['PORT', 'PUBLIC_ORIGIN', 'REMOTE_MF_CATALOG_URL', 'REMOTE_MF_CART_CHECKOUT_URL', 'REMOTE_MF_ACCOUNT_URL', 'REMOTE_MF_ADMIN_URL']) {
    if (!options.env?.[k]) delete env[k];
  }
  let nats: { child: import('node:child_process').ChildProcess; url: string } | undefined;
  const stopNats = async () => {
    if (!nats) return;
    nats.child.kill('SIGTERM');
    await stopped(nats.child);
  };
  try {
    if (!options.natsUrl) {
      const port = await freePort();
      nats = { child: await startNatsServer(port, path.join(keyDir, 'nats')), url: `nats://127.0.0.1:${port}` };
    }
    const natsUrl = options.natsUrl ?? nats!.url;
    const shop = await startShop({
      databaseUrl: db.url,
      natsUrl,
      env,
      ports,
      quiet: true,
      log: () => {},
      jwtKeyFile: path.join(keyDir, 'jwt-keys.json'),
      referencePos: options.referencePos ?? false,
      supervised: options.supervised ?? false,
    });
    return {
      ...shop,
      databaseUrl: db.url,
      natsUrl,
      ports,
      stop: async () => {
        await shop.stop();
        await stopNats();
        await db.drop();
        rmSync(keyDir, { recursive: true, force: true });
      },
    };
  } catch (err) {
    await stopNats().catch(() => {});
    rmSync(keyDir, { recursive: true, force: true });
    // The start's own error is the one worth reading; a failed drop must not hide it.
    await db.drop().catch((dropErr) => console.error(`could not drop the test database: ${dropErr}`));
    throw err;
  }
}
