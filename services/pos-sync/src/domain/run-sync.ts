// A sync from the POS: register the webhook subscription, page through the products (all of them,
// or those changed since the last successful run), upsert them into the catalog in batches, and
// record the run. One run at a time across every instance (a unique index on running runs); a run
// whose instance died is recognised by its stopped heartbeat and marked failed by the next start.
// A run goes on in the background of the instance that started it: it records how far it is
// (products handled, of how many the POS said, what they became) while it goes, and stops between
// two batches when an admin cancels it, from any instance (each batch is one transaction, so what
// it wrote is whole products). Memory is bounded by the batches in flight, not by the catalogue.
// A product the shop refuses for good (it cannot be mapped, or the catalog answers 4xx) does not
// fail the run: the run succeeds with a warning, so the next incremental run starts after it
// rather than every run failing on it forever. Only a failure that may pass (catalog 5xx, no
// answer) fails the run, so the same changes are asked for again.
import { MAX_UPSERT_BATCH } from '@pl/contracts';
import { AppError, conflict, recordAdminAction, withTransaction } from '@pl/service-kit';
import { CatalogError } from '../clients/catalog-client.js';
import { PosError } from '../connector/pos-connector.js';
import type { PosProduct } from '../connector/pos-wire.js';
import { makePendingWritebacksDue } from '../db/writebacks.repo.js';
import { failAbandonedRuns, finishRun, lastSucceededRun, recordProgress, startRun, touchRun, type SyncKind } from '../db/sync-runs.repo.js';
import { requirePosSettings, type PosSettings } from './pos-settings.js';
import type { PosSyncContext, SyncRunner, SyncStats } from './pos-sync-context.js';
import { SecretUnreadableError } from './secret-box.js';
import { ABANDONED_RUN_ERROR, ABANDONED_RUN_MS } from './sync-status.js';
import { upsertPosProducts } from './upsert-pos-products.js';
import { registerWebhookSubscription } from './webhook-subscription.js';


export const SyncErrorCodes = { running: 'SYNC_RUNNING', failed: 'POS_SYNC_FAILED', cancelled: 'SYNC_CANCELLED', notRunning: 'SYNC_NOT_RUNNING' } as const;
export const CANCELLED_BY_ADMIN = 'Cancelled by an admin; the products written before stay';
export const CANCELLED_AT_SHUTDOWN = 'Cancelled: its server stopped; the products written before stay';

const PAGE_SIZE = 200;
const BATCHES_IN_FLIGHT = 3;
const HEARTBEAT_MS = 10_000;
/** Progress is written at most this often (and once at the end); a cancel is seen as soon after. */
const PROGRESS_EVERY_MS = 500;

/** A run's products that could not be saved: how many, and the first (and first transient) of them. */
export interface Failures {
  count: number;
  first?: ProductFailure;
  /** The first that may go through later: it fails the run. */
  firstTransient?: ProductFailure;
}

interface Tally {
  /** Products read from the POS and handled (saved or refused). */
  processed: number;
  created: number;
  updated: number;
  failures: Failures;
  /** How many the POS said the run would read (undefined: it does not tell). */
  expected: number | undefined;
  newestChange: number | undefined;
}

/** `context`: the process's context, which holds this runner (so it is asked for when a run starts). */
export function createSyncRunner(context: () => PosSyncContext): SyncRunner {
  const running = new Map<string, { done: Promise<unknown>; shutdown: () => void }>();
  let stopped = false;
  return {
    /** `startedBy`: the admin who asked for it, recorded in the audit trail with the run (a scheduled run has none). */
    async start(requested, startedBy) {
      if (stopped) throw conflict('The sync service is stopping', SyncErrorCodes.running);
      const ctx = context();
      const settings = await requirePosSettings(ctx);
      await failAbandonedRuns(ctx.pool, ABANDONED_RUN_MS, ABANDONED_RUN_ERROR);
      const previous = await lastSucceededRun(ctx.pool);
      const since = requested === 'incremental' ? (previous?.updatedThrough ?? null) : null;
      const kind: SyncKind = since ? 'incremental' : 'full';
      const runId = await withTransaction(ctx.pool, async (client) => {
        const id = await startRun(client, kind);
        if (id && startedBy) {
          await recordAdminAction(client, { service: 'pos-sync', actor: startedBy, action: 'sync.started', target: { type: 'sync-run', id, label: `${kind} sync` }, after: { kind } });
        }
        return id;
      });
      if (!runId) throw conflict('A sync is already running', SyncErrorCodes.running);
      let shuttingDown = false;
      const done = execute(ctx, { runId, kind, since, settings, previousTotal: previous?.totalProducts ?? 0, shuttingDown: () => shuttingDown });
      running.set(runId, { done: done.catch(() => {}), shutdown: () => (shuttingDown = true) });
      void done.catch(() => {}).finally(() => running.delete(runId));
      return { runId, done };
    },
    async stop() {
      stopped = true;
      for (const run of running.values()) run.shutdown();
      await Promise.all([...running.values()].map((run) => run.done));
    },
  };
}

/** Runs one sync to its end and answers its counts (a 409 or 502 as SyncRunner.start says). */
export async function runSync(ctx: PosSyncContext, requested: SyncKind): Promise<SyncStats> {
  const { done } = await ctx.syncs.start(requested);
  return done;
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

interface RunPlan {
  runId: string;
  kind: SyncKind;
  since: Date | null;
  settings: PosSettings;
  previousTotal: number;
  shuttingDown: () => boolean;
}

async function execute(ctx: PosSyncContext, plan: RunPlan): Promise<SyncStats> {
  const { runId, kind, since } = plan;
  const heartbeat = setInterval(() => {
    touchRun(ctx.pool, runId).catch((err: unknown) => ctx.logger.warn({ err, runId }, 'sync heartbeat failed'));
  }, HEARTBEAT_MS);
  heartbeat.unref();
  const tally: Tally = { processed: 0, created: 0, updated: 0, failures: { count: 0 }, expected: undefined, newestChange: undefined };
  const counts = () => ({ productsCreated: tally.created, productsUpdated: tally.updated });
  let cancelled: string | undefined;
  let lastWrite = 0;
  /** Writes the progress (at most every PROGRESS_EVERY_MS) and learns whether to stop. */
  const report = async (force = false) => {
    if (plan.shuttingDown()) cancelled ??= CANCELLED_AT_SHUTDOWN;
    if (!force && Date.now() - lastWrite < PROGRESS_EVERY_MS) return;
    lastWrite = Date.now();
    const { cancelRequested } = await recordProgress(ctx.pool, runId, { processed: tally.processed, expected: tally.expected ?? null, ...counts() });
    if (cancelRequested) cancelled ??= CANCELLED_BY_ADMIN;
  };
  try {
    await pull(ctx, plan.settings, since, tally, { report, stop: () => cancelled !== undefined });
    await report(true);
    const stats = counts();
    if (cancelled) {
      await finishRun(ctx.pool, runId, { status: 'cancelled', ...stats, totalProducts: 0, updatedThrough: null, error: cancelled });
      ctx.logger.info({ runId, kind, ...stats, processed: tally.processed }, 'POS sync cancelled');
      throw new AppError(409, SyncErrorCodes.cancelled, cancelled);
    }
    const { status, error } = runVerdict(tally.failures, tally.processed);
    await finishRun(ctx.pool, runId, {
      status,
      ...stats,
      totalProducts: kind === 'full' ? tally.processed : plan.previousTotal + stats.productsCreated,
      updatedThrough: tally.newestChange !== undefined ? new Date(tally.newestChange) : since,
      error,
    });
    ctx.logger.info({ runId, kind, ...stats, processed: tally.processed, failed: tally.failures.count }, 'POS sync finished');
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

async function pull(
  ctx: PosSyncContext,
  settings: PosSettings,
  since: Date | null,
  tally: Tally,
  run: { report: () => Promise<void>; stop: () => boolean },
): Promise<void> {
  // An admin waits on a sync (its trigger's answer, its status): no POS at the URL fails it at the
  // call's deadline, however quickly the address failed (decision 046).
  const pos = ctx.connect(settings, { failAtDeadline: true });
  await registerWebhookSubscription(ctx, settings, pos);
  const locations = await ctx.catalog.locationIds();

  const inFlight = new Set<Promise<void>>();
  let batchFailure: { error: unknown } | undefined;
  const submit = async (batch: PosProduct[]) => {
    while (inFlight.size >= BATCHES_IN_FLIGHT) await Promise.race(inFlight);
    if (batchFailure) throw batchFailure.error;
    const task: Promise<void> = upsertPosProducts(ctx, batch, locations)
      .then(async (results) => {
        for (const r of results) {
          tally.processed++;
          if (r.outcome === 'failed') {
            const failure = { message: `${r.product.name || r.product.id}: ${r.problem}`, transient: r.transient };
            tally.failures.count++;
            tally.failures.first ??= failure;
            if (failure.transient) tally.failures.firstTransient ??= failure;
          } else if (r.outcome === 'created') tally.created++;
          else tally.updated++;
        }
        await run.report();
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
      if (page.total !== undefined) tally.expected ??= page.total;
      for (const product of page.products) {
        const changed = Date.parse(product.updated_at);
        tally.newestChange = Math.max(tally.newestChange ?? changed, changed);
        pending.push(product);
        if (pending.length === MAX_UPSERT_BATCH) {
          await submit(pending);
          pending = [];
        }
      }
      cursor = page.nextCursor;
    } while (cursor && !run.stop());
    if (pending.length > 0 && !run.stop()) await submit(pending);
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
export function runVerdict(failures: Failures, seen: number): { status: 'succeeded' | 'failed'; error: string | null } {
  if (failures.count === 0 || !failures.first) return { status: 'succeeded', error: null };
  const first = failures.firstTransient ?? failures.first;
  const n = failures.count;
  return {
    status: failures.firstTransient ? 'failed' : 'succeeded',
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
