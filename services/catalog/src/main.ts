import { fileURLToPath } from 'node:url';
import { DomainStream } from '@pl/contracts';
import {
  connectNats,
  createLogger,
  createPool,
  createTokenVerifier,
  ensureStream,
  runMigrations,
  startOutboxRelay,
  startServer,
} from '@pl/service-kit';
import { createApp } from './app.js';
import { loadCatalogConfig } from './config.js';
import { insertLocationsIfNone } from './db/locations.repo.js';
import { STORE_LOCATIONS } from './db/store-locations.seed.js';

const config = loadCatalogConfig();
const logger = createLogger({ name: 'catalog', level: config.LOG_LEVEL });

const pool = createPool({ connectionString: config.DATABASE_URL, schema: config.DB_SCHEMA, logger });
await runMigrations(pool, { schema: config.DB_SCHEMA, dir: fileURLToPath(new URL('../migrations', import.meta.url)), logger });
const seeded = await insertLocationsIfNone(pool, STORE_LOCATIONS);
if (seeded > 0) logger.info({ locations: seeded }, 'seeded demo store locations');

const nats = await connectNats({ url: config.NATS_URL, name: 'catalog', logger });
await ensureStream(nats, DomainStream);
const relay = startOutboxRelay({ pool, nats, logger });

const app = createApp({ pool, logger, verifier: createTokenVerifier({ jwksUrl: config.GATEWAY_JWKS_URL }) });
await startServer({
  app,
  port: config.PORT,
  logger,
  onShutdown: async () => {
    await relay.stop();
    await nats.drain();
    await pool.end();
  },
});
