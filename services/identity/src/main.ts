// Composition root. runService (service-kit) migrates the schema (outbox first), connects NATS,
// starts the outbox relay, serves createApp and shuts down gracefully on SIGTERM.
import { fileURLToPath } from 'node:url';
import { runService } from '@pl/service-kit';
import { createApp } from './app.js';
import { loadIdentityConfig } from './config.js';

await runService({
  name: 'identity',
  config: loadIdentityConfig(),
  migrationsDir: fileURLToPath(new URL('../migrations', import.meta.url)),
  createApp,
});
