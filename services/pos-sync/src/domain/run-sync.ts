// A sync from the POS: register the webhook subscription, page through the products (all of them,
// or those changed since the last successful run), upsert them into the catalog in batches, and
// record the run. One run at a time across every instance (a unique index on running runs); a run
// whose instance died is recognised by its stopped heartbeat and marked failed by the next start.
// A product the shop refuses for good (it cannot be mapped, or the catalog answers 4xx) does not
// fail the run: the run succeeds with a warning, so the next incremental run starts after it
// rather than every run failing on it forever. Only a failure that may pass (catalog 5xx, no
// answer) fails the run, so the same changes are asked for again.
import { MAX_UPSERT_BATCH, type SyncTriggerResult } from '@pl/contracts';
import { AppError, conflict } from '@pl/service-kit';
import { CatalogError } from '../clients/catalog-client.js';
import { PosError } from '../connector/pos-connector.js';
import type { PosProduct } from '../connector/pos-wire.js';
import { makePendingWritebacksDue } from '../db/writebacks.repo.js';
import { failAbandonedRuns, finishRun, lastSucceededRun, startRun, touchRun, type SyncKind } from '../db/sync-runs.repo.js';
import { requirePosSettings, type PosSettings } from './pos-settings.js';
import type { PosSyncContext } from './pos-sync-context.js';
import { SecretUnreadableError } from './secret-box.js';
import { ABANDONED_RUN_ERROR, ABANDONED_RUN_MS } from './sync-status.js';
import { upsertPosProducts } from './upsert-pos-products.js';
import { registerWebhookSubscription } from './webhook-subscription.js';

export type SyncStats = SyncTriggerResult['stats'];

export const SyncErrorCodes = { running: 'SYNC_RUNNING', failed: 'POS_SYNC_FAILED' } as const;

const PAGE_SIZE = 200;
const BATCHES_IN_FLIGHT = 3;
const HEARTBEAT_MS = 10_000;

interface Tally {
  seen: Set<string>;
  created: Set<string>;
  updated: Set<string>;
  /** Products that could not be saved, by POS id (a product seen again and saved is taken off). */
  failed: Map<string, ProductFailure>;
  newestChange: number | undefined;
}

/**
 * Runs one sync and answers its counts. `incremental` asks the POS only for what changed since the
 * last successful run (a full sync when there is none). Throws a 409 when settings are missing or
 * a run is already going, and a 502 with the reason when the run fails (the run records it too).
 * Products the shop refuses for good are a warning in the run's error column, not a failure.
 */
export async function runSync(ctx: PosSyncContext, requested: SyncKind): Promise<SyncStats> {
  const settings = await requirePosSettings(ctx);
  await failAbandonedRuns(ctx.pool, ABANDONED_RUN_MS, ABANDONED_RUN_ERROR);
  const previous = await lastSucceededRun(ctx.pool);
  const since = requested === 'incremental' ? (previous?.updatedThrough ?? null) : null;
  const kind: SyncKind = since ? 'incremental' : 'full';
  const runId = await startRun(ctx.pool, kind);
  if (!runId) throw conflict('A sync is already running', SyncErrorCodes.running);

  const heartbeat = setInterval(() => {
    touchRun(ctx.pool, runId).catch((err: unknown) => ctx.logger.warn({ err, runId }, 'sync heartbeat failed'));
  }, HEARTBEAT_MS);
  heartbeat.unref();
  const tally: Tally = { seen: new Set(), created: new Set(), updated: new Set(), failed: new Map(), newestChange: undefined };
  const counts = () => ({ productsCreated: tally.created.size, productsUpdated: [...tally.updated].filter((id) => !tally.created.has(id)).length });
  try {
    await pull(ctx, settings, since, tally);
    const stats = counts();
    const { status, error } = runVerdict([...tally.failed.values()], tally.seen.size);
    await finishRun(ctx.pool, runId, {
      status,
      ...stats,
      totalProducts: kind === 'full' ? tally.seen.size : (previous?.totalProducts ?? 0) + stats.productsCreated,
      updatedThrough: tally.newestChange !== undefined ? new Date(tally.newestChange) : since,
      error,
    });
    ctx.logger.info({ runId, kind, ...stats, seen: tally.seen.size, failed: tally.failed.size }, 'POS sync finished');
    // Sales that waited for the POS's skus to be known (a first sync) can tell them now.
    await makePendingWritebacksDue(ctx.pool);
    void ctx.writebacks.kick();
    if (status === 'failed') throw new AppError(502, SyncErrorCodes.failed, error!);
    if (error) ctx.logger.warn({ runId, reason: error }, 'POS sync saved all but some products the shop cannot take');
    return stats;
  } catch (err) {
    if (err instanceof AppError) throw err;
    const message = describeFailure(ctx, err);
    await finishRun(ctx.pool, runId, { status: 'failed', ...counts(), totalProducts: 0, updatedThrough: null, error: message });
    throw new AppError(502, SyncErrorCodes.failed, message);
  } finally {
    clearInterval(heartbeat);
  }
}

/** The scheduled run: incremental when configured; a run already going or no settings is not an error here. */
export async function runScheduledSync(ctx: PosSyncContext): Promise<void> {
  try {
    await runSync(ctx, 'incremental');
  } catch (err) {
    if (err instanceof AppError && err.status === 409) return;
    // A failed run is recorded and shown on the dashboard; the log line is for operators.
    if (err instanceof AppError) ctx.logger.warn({ reason: err.message }, 'scheduled POS sync failed');
    else throw err;
  }
}

async function pull(ctx: PosSyncContext, settings: PosSettings, since: Date | null, tally: Tally): Promise<void> {
  const pos = ctx.connect(settings);
  await registerWebhookSubscription(ctx, settings);
  const locations = await ctx.catalog.locationIds();

  const inFlight = new Set<Promise<void>>();
  let batchFailure: { error: unknown } | undefined;
  const submit = async (batch: PosProduct[]) => {
    while (inFlight.size >= BATCHES_IN_FLIGHT) await Promise.race(inFlight);
    if (batchFailure) throw batchFailure.error;
    const task: Promise<void> = upsertPosProducts(ctx, batch, locations)
      .then((results) => {
        for (const r of results) {
          if (r.outcome === 'failed') {
            tally.failed.set(r.product.id, { message: `${r.product.name || r.product.id}: ${r.problem}`, transient: r.transient });
            continue;
          }
          tally.failed.delete(r.product.id);
          (r.outcome === 'created' ? tally.created : tally.updated).add(r.product.id);
        }
      })
      .catch((error: unknown) => {
        batchFailure ??= { error };
      })
      .finally(() => inFlight.delete(task));
    inFlight.add(task);
  };

  try {
    let cursor: string | null = null;
    let pending: PosProduct[] = [];
    do {
      const page = await pos.listProducts({ cursor, updatedSince: since?.toISOString() ?? null, limit: PAGE_SIZE });
      for (const product of page.products) {
        tally.seen.add(product.id);
        const changed = Date.parse(product.updated_at);
        tally.newestChange = Math.max(tally.newestChange ?? changed, changed);
        pending.push(product);
        if (pending.length === MAX_UPSERT_BATCH) {
          await submit(pending);
          pending = [];
        }
      }
      cursor = page.nextCursor;
    } while (cursor);
    if (pending.length > 0) await submit(pending);
  } finally {
    // Never finish the run while its writes are still going.
    await Promise.all(inFlight);
  }
  if (batchFailure) throw batchFailure.error;
}

export interface ProductFailure {
  /** `<product name>: <why>` */
  message: string;
  /** The catalog failed (5xx) rather than refused: the same product may go through later. */
  transient: boolean;
}

/**
 * How a run that paged through every product ends, given the products it could not save out of
 * `seen`: failed when one may go through later (the cursor stays, so it is asked for again),
 * else succeeded, with a warning naming the refusals when there are some. The message names the
 * first failure (the first transient one when it failed the run).
 */
export function runVerdict(failures: ProductFailure[], seen: number): { status: 'succeeded' | 'failed'; error: string | null } {
  if (failures.length === 0) return { status: 'succeeded', error: null };
  const transient = failures.find((f) => f.transient);
  const first = transient ?? failures[0]!;
  const n = failures.length;
  return {
    status: transient ? 'failed' : 'succeeded',
    error: `${n} of ${seen} POS products could not be saved${n > 1 ? '; the first' : ''}: ${first.message}`,
  };
}

/** What the admin reads about a failed run. */
function describeFailure(ctx: PosSyncContext, err: unknown): string {
  if (err instanceof PosError || err instanceof SecretUnreadableError) return err.message;
  if (err instanceof CatalogError) return `The shop's catalog could not take the products: ${err.message}`;
  ctx.logger.error({ err }, 'POS sync failed');
  return 'The sync failed unexpectedly; the pos-sync log has the details';
}
