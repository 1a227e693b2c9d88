// A markdown run (decision 052): the plan frozen, each rule's step applied in one statement under
// its name (price_changes records source 'markdown' and the rule), the steps marked, and the
// changes announced through the outbox, in one transaction that one instance at a time may hold.
import { centsToDecimal, Subjects, type AuditActor, type MarkdownRun, type Product } from '@pl/contracts';
import { withTransaction, type Pool, type PoolClient, type Queryable } from '@pl/service-kit';
import { applyPlanStep, findRun, freezePlan, insertRun, priceDrops, recordAppliedPlan, scheduledRunSince, tryLockMarkdownRun } from '../db/markdowns.repo.js';
import type { ProductRecord } from './product-view.js';

/** How often each instance asks whether a scheduled run is due. */
export const MARKDOWN_SCHEDULE_CHECK_MS = 5 * 60_000;

/** Hours between scheduled runs when MARKDOWN_RUN_INTERVAL_HOURS is unset: daily. */
export const MARKDOWN_RUN_INTERVAL_HOURS_DEFAULT = 24;

export const MARKDOWN_SUBJECTS = { priceChanged: Subjects.priceChanged(''), productUpdated: Subjects.productUpdated('') } as const;

export interface RunOptions {
  /** The admin who started it (kept with the run: the runs list says who). */
  startedBy?: AuditActor;
  /** Done with the run, finished, in its transaction before it commits (the route's audit entry). */
  inTransaction?: (client: PoolClient, run: MarkdownRun) => Promise<void>;
}

/** Runs the markdowns now; undefined when another run holds the lock (it is doing the same work). */
export function runMarkdowns(pool: Pool, trigger: MarkdownRun['trigger'], options: RunOptions = {}): Promise<MarkdownRun | undefined> {
  return runUnderLock(pool, trigger, options, async () => false);
}

/**
 * The schedule's pass: a run when none started on schedule within the interval. Every instance
 * asks; the lock and the check under it let one run (the others find it done, or the lock taken).
 */
export async function runScheduledMarkdowns(pool: Pool, intervalMs: number): Promise<MarkdownRun | undefined> {
  if (await scheduledRunSince(pool, intervalMs)) return undefined;
  return runUnderLock(pool, 'schedule', {}, (client) => scheduledRunSince(client, intervalMs));
}

async function runUnderLock(
  pool: Pool,
  trigger: MarkdownRun['trigger'],
  { startedBy, inTransaction }: RunOptions,
  alreadyDone: (client: PoolClient) => Promise<boolean>,
): Promise<MarkdownRun | undefined> {
  return withTransaction(pool, async (client) => {
    if (!(await tryLockMarkdownRun(client)) || (await alreadyDone(client))) return undefined;
    const id = await insertRun(client, trigger, startedBy ?? null);
    for (const step of await freezePlan(client)) await applyPlanStep(client, step);
    await recordAppliedPlan(client, id, MARKDOWN_SUBJECTS);
    const run = (await findRun(client, id))!;
    await inTransaction?.(client, run);
    return run;
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
