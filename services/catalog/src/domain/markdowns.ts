// A markdown run (decision 052): the plan frozen, each rule's step applied in one statement under
// its name (price_changes records source 'markdown' and the rule), the steps marked, and the
// changes announced through the outbox, in one transaction that one instance at a time may hold.
// A run is asked for first (a row committed at once, decision 060) and done by whichever runner
// holds the lock: an admin's request answers at once, whatever the size of the catalogue, and a
// run a restart interrupted is done by the next pass.
import { centsToDecimal, PRICE_CHANGED_MAX, PRODUCT_UPDATED_MAX_IDS, Subjects, type AuditActor, type MarkdownRun, type Product } from '@pl/contracts';
import { createKickablePass, withTransaction, type KickablePass, type Logger, type Pool, type Queryable } from '@pl/service-kit';
import { applyPlanStep, claimWaitingRun, failRun, findRun, freezePlan, priceDrops, recordAppliedPlan, requestRun, scheduledRunSince, tryLockMarkdownRun } from '../db/markdowns.repo.js';
import { PRODUCT_UPDATED } from './intake.js';
import type { ProductRecord } from './product-view.js';

/** How often each instance asks whether a scheduled run is due. */
export const MARKDOWN_SCHEDULE_CHECK_MS = 5 * 60_000;
/** Hours between scheduled runs when MARKDOWN_RUN_INTERVAL_HOURS is unset: daily. */
export const MARKDOWN_RUN_INTERVAL_HOURS_DEFAULT = 24;
/** How often each instance looks for a run waiting to be done (one a restart left); a request also kicks the runner. */
export const MARKDOWN_WAITING_CHECK_MS = 10_000;

/** How a run announces its changes: subjects' prefixes, the events' versions, and how many changes go in one event. */
export const MARKDOWN_EVENTS = {
  priceChanged: Subjects.priceChanged('markdown-'),
  priceChangedVersion: 2,
  productUpdated: Subjects.productUpdated('markdown-'),
  productUpdatedVersion: PRODUCT_UPDATED.version,
  perEvent: Math.min(PRICE_CHANGED_MAX, PRODUCT_UPDATED_MAX_IDS),
} as const;

const RUN_FAILED = 'The run stopped on an error; no price was changed. Run the markdowns again.';

/** Asks for a run (by the admin `startedBy`, kept with it; null for the schedule); undefined when one is waiting or under way (it will do the same work). */
export async function requestMarkdownRun(db: Queryable, trigger: MarkdownRun['trigger'], startedBy: AuditActor | null): Promise<MarkdownRun | undefined> {
  const id = await requestRun(db, trigger, startedBy);
  return id === undefined ? undefined : findRun(db, id);
}

/**
 * Does the run waiting to be done, when this instance gets the lock; answers it as it ended, or
 * undefined when no run waits or another runner holds the lock (it is doing that run).
 */
export async function doWaitingMarkdownRun(pool: Pool, logger?: Logger, events: typeof MARKDOWN_EVENTS = MARKDOWN_EVENTS): Promise<MarkdownRun | undefined> {
  let claimed: string | undefined;
  try {
    const done = await withTransaction(pool, async (client) => {
      if (!(await tryLockMarkdownRun(client))) return undefined;
      claimed = await claimWaitingRun(client);
      if (claimed === undefined) return undefined;
      for (const step of await freezePlan(client)) await applyPlanStep(client, step);
      await recordAppliedPlan(client, claimed, events);
      return claimed;
    });
    return done === undefined ? undefined : findRun(pool, done);
  } catch (err) {
    if (claimed === undefined) throw err;
    // Rolled back, nothing changed: the run ends with its error rather than failing again forever.
    logger?.error({ err, runId: claimed }, 'markdown run failed');
    await failRun(pool, claimed, RUN_FAILED);
    return findRun(pool, claimed);
  }
}

/** Asks for a run and does it now (the schedule, tests); undefined when a run was waiting or under way already. */
export async function runMarkdowns(pool: Pool, trigger: MarkdownRun['trigger'], startedBy: AuditActor | null = null): Promise<MarkdownRun | undefined> {
  const requested = await requestMarkdownRun(pool, trigger, startedBy);
  if (!requested) return undefined;
  return (await doWaitingMarkdownRun(pool)) ?? findRun(pool, requested.id);
}

/**
 * The schedule's pass: a run when none started on schedule within the interval. Every instance
 * asks; the check and the request under one lock let one instance ask, and one runner do it.
 */
export async function runScheduledMarkdowns(pool: Pool, intervalMs: number): Promise<MarkdownRun | undefined> {
  if (await scheduledRunSince(pool, intervalMs)) return undefined;
  const requested = await withTransaction(pool, async (client) => {
    await client.query(`SELECT pg_advisory_xact_lock(hashtextextended('pl:catalog-markdown-schedule', 0))`);
    return (await scheduledRunSince(client, intervalMs)) ? undefined : requestRun(client, 'schedule', null);
  });
  if (requested === undefined) return undefined;
  return (await doWaitingMarkdownRun(pool)) ?? findRun(pool, requested);
}

/** This process's markdown runner: kicked when an admin asks for a run, and every few seconds for a run a restart left (main.ts). */
export function createMarkdownRunner(pool: Pool, logger: Logger): KickablePass {
  return createKickablePass('markdown-runs', logger, async () => {
    const run = await doWaitingMarkdownRun(pool, logger);
    if (run) logger.info({ runId: run.id, changed: run.changed, error: run.error }, 'markdown run done');
  });
}

/**
 * 'Price dropped $X on DATE' for a product's page: of its cheapest variant (the price the page
 * shows), only when the history proves it (priceDrops); null otherwise.
 */
export async function priceDropOf(db: Queryable, product: ProductRecord): Promise<Product['priceDrop']> {
  const cheapest = product.variants.reduce<ProductRecord['variants'][number] | undefined>((best, v) => (best === undefined || v.priceCents < best.priceCents ? v : best), undefined);
  if (!cheapest) return null;
  const drop = (await priceDrops(db, [cheapest.id])).get(cheapest.id);
  return drop ? { amount: centsToDecimal(drop.fromCents - drop.toCents), from: centsToDecimal(drop.fromCents), on: drop.on } : null;
}
