// Composition root. runService (service-kit) migrates the schema (outbox first), connects NATS,
// starts the outbox relay, serves createApp and shuts down gracefully on SIGTERM.
import { fileURLToPath } from 'node:url';
import { runService } from '@pl/service-kit';
import { createApp } from './app.js';
import { loadPosSyncConfig } from './config.js';

await runService({
  name: 'pos-sync',
  config: loadPosSyncConfig(),
  migrationsDir: fileURLToPath(new URL('../migrations', import.meta.url)),
  createApp,
});
