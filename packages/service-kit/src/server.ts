import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Express } from 'express';
import { DEFAULT_HOST } from './config.js';
import type { Logger } from './logger.js';

export interface StartServerOptions {
  app: Express;
  port: number;
  /** Default DEFAULT_HOST (loopback). */
  host?: string;
  logger: Logger;
  /** Releases what the service holds (stop relay, drain NATS, end pool), after in-flight requests finished. */
  onShutdown?: () => Promise<void>;
  /** Longest wait for in-flight requests before their connections are cut (default 10 s). */
  gracePeriodMs?: number;
  /** Exit on SIGTERM / SIGINT after a graceful close (default true; tests turn it off). */
  handleSignals?: boolean;
  /**
   * On SIGTERM (an orchestrator's or a rolling restart's stop), how long /readyz answers 503
   * 'draining' while requests are still served, before the server stops accepting (decision 039):
   * long enough for the gateways' probes (every second) and a balancer to stop sending here. SIGINT
   * (Ctrl-C) stops at once. Default 0.
   */
  drainMs?: number;
}

export interface RunningServer {
  server: Server;
  port: number;
  /** Takes the instance out of rotation for `ms` (/readyz answers 503 'draining', answers close their connections) while it still serves. */
  drain(ms: number): Promise<void>;
  /** Stops accepting, waits for in-flight requests, then runs onShutdown. Safe to call twice. */
  close(): Promise<void>;
}

export async function startServer(options: StartServerOptions): Promise<RunningServer> {
  const { app, logger } = options;
  const gracePeriodMs = options.gracePeriodMs ?? 10_000;
  // Draining: /readyz says so (health.ts reads app.locals) and every answer closes its connection.
  app.locals.draining = false;
  const server = createServer((req, res) => {
    if (app.locals.draining === true) res.setHeader('connection', 'close');
    app(req, res);
  });
  const host = options.host ?? DEFAULT_HOST;
  server.listen(options.port, host);
  await new Promise<void>((resolve, reject) => {
    server.once('listening', resolve);
    server.once('error', reject);
  });
  const port = (server.address() as AddressInfo).port;
  logger.info({ host, port }, 'listening');

  let closing: Promise<void> | undefined;
  const close = () => {
    closing ??= (async () => {
      logger.info('shutting down: no new connections, finishing in-flight requests');
      const cutOff = setTimeout(() => {
        logger.warn({ gracePeriodMs }, 'grace period over: closing remaining connections');
        server.closeAllConnections();
      }, gracePeriodMs);
      cutOff.unref();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        // Keep-alive connections with no request in flight would otherwise hold close() open.
        server.closeIdleConnections();
      });
      clearTimeout(cutOff);
      await options.onShutdown?.();
      logger.info('shut down');
    })();
    return closing;
  };

  const drain = async (ms: number) => {
    app.locals.draining = true;
    logger.info({ drainMs: ms }, 'draining: not ready, still serving');
    await new Promise((resolve) => setTimeout(resolve, ms));
  };

  if (options.handleSignals !== false) {
    const onSignal = async (signal: NodeJS.Signals) => {
      logger.info({ signal }, 'signal received');
      if (signal === 'SIGTERM' && options.drainMs) await drain(options.drainMs);
      close().then(
        () => process.exit(0),
        (err: unknown) => {
          logger.error({ err }, 'shutdown failed');
          process.exit(1);
        },
      );
    };
    process.once('SIGTERM', (signal) => void onSignal(signal));
    process.once('SIGINT', (signal) => void onSignal(signal));
  }
  return { server, port, drain, close };
}
