import type { Express } from 'express';
import { PosWebhookPath } from '@pl/contracts';
import { createKickablePass, createServiceApp, type ServiceDeps } from '@pl/service-kit';
import { createCatalogClient } from './clients/catalog-client.js';
import { createHttpPosConnector, type HttpPosConnectorOptions } from './connector/http-pos-connector.js';
import type { PosAddressPolicy } from './connector/pos-address-policy.js';
import { applyDueEvents } from './domain/apply-pos-events.js';
import { createSyncRunner } from './domain/run-sync.js';
import type { PosSyncContext, PosSyncSettings } from './domain/pos-sync-context.js';
import { createSecretBox } from './domain/secret-box.js';
import { PRICE_LINGER_MS } from './domain/price-to-pos.js';
import { sendDueWritebacks } from './domain/write-back.js';
import { adminRoutes } from './routes/admin.routes.js';
import { posWebhookRoutes } from './routes/pos-webhook.routes.js';

export interface PosSyncOptions extends Partial<Omit<PosSyncSettings, 'webhookUrl'>> {
  /** The catalog's base URL and the services' shared INTERNAL_API_TOKEN. */
  /** One catalog instance's URL, or several (decision 039). */
  catalogUrl: string | readonly string[];
  internalApiToken: string;
  /** POS_SETTINGS_KEY: seals the API key and webhook key at rest. */
  settingsKey: Buffer;
  webhookUrl: string;
  /** Which addresses the POS may be at (POS_ALLOW_PRIVATE_ADDRESSES; decision 046). */
  addresses: PosAddressPolicy;
  /** Per-call limits of the POS connector (timeout, 429 retries). */
  pos?: Pick<HttpPosConnectorOptions, 'timeoutMs' | 'rateLimitRetries' | 'maxRetryAfterMs'>;
}

/** Built once per process and shared by the routes and the workers (main.ts), so a kick reaches the one runner. */
export function posSyncContext({ pool, logger }: Pick<ServiceDeps, 'pool' | 'logger'>, options: PosSyncOptions): PosSyncContext {
  const ctx: PosSyncContext = {
    pool,
    logger,
    secrets: createSecretBox(options.settingsKey),
    catalog: createCatalogClient({ baseUrl: options.catalogUrl, token: options.internalApiToken }),
    addresses: options.addresses,
    connect: ({ posUrl, apiKey }, call = {}) =>
      createHttpPosConnector({
        ...options.pos,
        baseUrl: posUrl,
        apiKey,
        addresses: ctx.addresses,
        logger,
        timeoutMs: Math.min(options.pos?.timeoutMs ?? 10_000, call.maxTimeoutMs ?? Infinity),
        failAtDeadline: call.failAtDeadline,
      }),
    settings: {
      webhookUrl: options.webhookUrl,
      webhookToleranceS: options.webhookToleranceS ?? 300,
      retryBaseMs: options.retryBaseMs ?? 2000,
      retryMaxMs: options.retryMaxMs ?? 5 * 60_000,
      triggerWaitMs: options.triggerWaitMs ?? 8_000,
      priceLingerMs: options.priceLingerMs ?? PRICE_LINGER_MS,
    },
    eventApplier: createKickablePass('pos-events', logger, () => applyDueEvents(ctx)),
    writebacks: createKickablePass('pos-writebacks', logger, () => sendDueWritebacks(ctx)),
    syncs: createSyncRunner(() => ctx),
  };
  return ctx;
}

export function createApp(deps: ServiceDeps, ctx: PosSyncContext): Express {
  return createServiceApp({
    pool: deps.pool,
    logger: deps.logger,
    verifier: deps.verifier,
    // The webhook's signature covers the exact bytes sent: its body must not go through the JSON parser.
    rawBodyRoutes: [PosWebhookPath],
    routes: [posWebhookRoutes(ctx), adminRoutes(ctx)],
  });
}
