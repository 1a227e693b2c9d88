// Composition root: config → keys → NATS → app → listen. SIGTERM/SIGINT close browser sockets,
// stop accepting requests, and drain NATS before exiting.
import { createServer } from 'node:http';
import { fileURLToPath } from 'node:url';
import { connect } from 'nats';
import { createLogger, flushTraces, loadEnvFile } from '@pl/service-kit';
import { createGateway } from './app.js';
import { loadSigningKeys } from './auth/keys.js';
import { loadGatewayConfig } from './config.js';
import { startMetricsServer, withRequestMetrics } from './http/metrics.js';

/** src/main.ts and the bundled dist/main.js both sit two levels below the repo root. */
const repoRoot = fileURLToPath(new URL('../../', import.meta.url));

const SHUTDOWN_GRACE_MS = 10_000;

async function main(): Promise<void> {
  loadEnvFile();
  const config = loadGatewayConfig(process.env, repoRoot);
  const logger = createLogger({ name: 'gateway', level: config.logLevel });

  const { keys, source } = await loadSigningKeys({ ...config.jwt });
  logger.info({ kid: keys.kid, source, ...(source !== 'environment' && { keyFile: config.jwt.keyFile }) }, 'signing keys loaded');

  const nats = await connect({
    servers: config.natsUrl,
    name: 'gateway',
    // Start even if NATS is a moment behind us (compose, npm start); keep reconnecting forever.
    waitOnFirstConnect: true,
    maxReconnectAttempts: -1,
  });
  logger.info({ server: nats.getServer() }, 'connected to NATS');
  void (async () => {
    for await (const status of nats.status()) logger.info({ nats: status.type, data: String(status.data) }, 'NATS status');
  })();

  const gateway = createGateway({ config, logger, keys, nats });
  const server = createServer(withRequestMetrics(gateway.handle));
  const metrics = await startMetricsServer({ ...config.metrics, logger });
  gateway.attachUpgrade(server);
  await new Promise<void>((resolve) => server.listen(config.port, resolve));
  logger.info({ port: config.port, publicOrigin: config.publicOrigin }, `gateway listening on ${config.publicOrigin}`);

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    // A rolling restart's stop: out of rotation first, still serving, then close (decision 039).
    if (signal === 'SIGTERM' && config.shutdownDrainMs > 0) {
      gateway.drain();
      logger.info({ drainMs: config.shutdownDrainMs }, 'draining: not ready, still serving');
      await new Promise((resolve) => setTimeout(resolve, config.shutdownDrainMs));
    }
    const force = setTimeout(() => {
      logger.warn('shutdown took too long; exiting');
      process.exit(1);
    }, SHUTDOWN_GRACE_MS);
    force.unref();
    await gateway.close();
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    server.closeIdleConnections();
    await closed;
    metrics?.close();
    await nats.drain();
    await flushTraces();
    logger.info('stopped');
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

main().catch((err: unknown) => {
  // Logger may not exist yet (bad config): stderr, then a non-zero exit for the supervisor.
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
