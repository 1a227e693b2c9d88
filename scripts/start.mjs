#!/usr/bin/env node
// `npm start`: builds and runs the whole shop on embedded defaults (see README, "Configuration").
// Ctrl-C stops everything it started.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { buildAll } from './build.mjs';
import { root, startDatabaseProcess, startNats, startShop, supervise } from './local-stack.mjs';

const log = (line) => console.log(line);

// The shop's .env (see .env.example), if there is one, or the file ENV_FILE names: a variable
// already set in the environment wins over it. Every process started below gets the result.
const envFile = process.env.ENV_FILE ?? '.env';
if (envFile && existsSync(path.resolve(root, envFile))) {
  process.loadEnvFile(path.resolve(root, envFile));
  log(`read ${envFile}`);
}

/**
 * pos-sync encrypts the POS API key it stores with POS_SETTINGS_KEY. Without one in the
 * environment, npm start keeps a generated key beside the embedded database (mode 0600), so saved
 * POS settings survive a restart.
 */
function posSettingsKey() {
  return process.env.POS_SETTINGS_KEY || keptSecret('pos-settings.key', () => randomBytes(32).toString('hex'));
}

/** The cart signs order e-mail links with ORDER_LINK_SECRET: kept like the POS key, so mailed links keep working after a restart. */
function orderLinkSecret() {
  return process.env.ORDER_LINK_SECRET || keptSecret('order-link.key', () => randomBytes(32).toString('hex'));
}

/** A secret generated on first start and kept in .data (0600), so it is the same on the next start. */
function keptSecret(name, generate) {
  const file = path.join(root, '.data', name);
  if (!existsSync(file)) {
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, generate(), { mode: 0o600 });
  }
  return readFileSync(file, 'utf8').trim();
}
const started = Date.now();
const cleanups = [];
let stopping = false;

async function shutdown(code = 0) {
  if (stopping) return;
  stopping = true;
  log('\nstopping…');
  for (const stop of cleanups.reverse()) await stop().catch((e) => console.error(e));
  process.exit(code);
}
process.on('SIGINT', () => shutdown(0));
process.on('SIGTERM', () => shutdown(0));

try {
  if (!process.argv.includes('--no-build')) await buildAll({ log });
  // The embedded PostgreSQL, like every process below, is started again if it dies (supervise).
  let databaseUrl = process.env.DATABASE_URL;
  const db = databaseUrl
    ? await startDatabaseProcess({ log })
    : await supervise({
        name: 'postgres',
        log,
        start: async () => {
          const started = await startDatabaseProcess({ log });
          databaseUrl = started.url;
          return started;
        },
      });
  if (db.url) databaseUrl = db.url;
  cleanups.push(db.stop);
  const nats = await startNats({ log, supervised: true });
  cleanups.push(nats.stop);
  // The reference POS's key is kept too, so POS settings saved in the dashboard still work after a restart.
  const posApiKey = process.env.POS_API_KEY || keptSecret('reference-pos.key', () => `pos_test_${randomBytes(16).toString('hex')}`);
  const shop = await startShop({
    databaseUrl,
    natsUrl: nats.url,
    env: {
      METRICS_PORT: '9464',
      // The catalog's photos, beside the shop's other data (decision 049); an OBJECT_STORAGE_DIR of the caller's wins.
      OBJECT_STORAGE_DIR: path.join(root, '.data', 'objects'),
      ...process.env,
      POS_SETTINGS_KEY: posSettingsKey(),
      ORDER_LINK_SECRET: orderLinkSecret(),
      POS_API_KEY: posApiKey,
    },
    log,
    supervised: true,
  });
  cleanups.push(shop.stop);
  log('');
  log(`Professional Liquidation is running at ${shop.url}  (ready in ${((Date.now() - started) / 1000).toFixed(1)} s)`);
  for (const [k, v] of Object.entries(shop.remoteUrls)) log(`  ${k.padEnd(28)} ${v}`);
  for (const [k, v] of Object.entries(shop.serviceUrls)) log(`  ${k.padEnd(28)} ${v}`);
  log(`  ${'metrics'.padEnd(28)} ${shop.metricsUrl} (gateway), <service URL>/metrics (each service)`);
  log('');
  log('  demo logins: admin / admin12345 (admin), shopper / shopper12345');
  log(`  dev mailbox (reset and verification e-mails): ${shop.url}/api/auth/dev/mailbox`);
  if (shop.pos) {
    log(`  reference POS: ${shop.pos.url}  API key ${shop.pos.apiKey}`);
    log(`    enter both under POS settings at ${shop.url}/admin, then Sync from POS; change stock by hand at ${shop.pos.url}/`);
  }
  log('Press Ctrl-C to stop.');
} catch (err) {
  console.error(`\nstart failed: ${err.message}`);
  await shutdown(1);
}
