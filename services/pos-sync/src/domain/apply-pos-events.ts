// Applies stored POS webhook events to the catalog, oldest first, with retries. A count is applied
// only when its version is newer than the one the shop has; a product event makes the shop fetch
// the product's current state from the POS (events may arrive late or out of order, the POS's
// current state is always right). An event that cannot be applied and never will is closed with a
// note saying why; anything else is retried with back-off.
import { withTransaction } from '@pl/service-kit';
import { z } from 'zod';
import { CountUpdatedData, PosEventTypes, PosWebhookEvent, ProductEventData } from '../connector/pos-wire.js';
import { claimDueEvents, markEventApplied, markEventFailed, scheduleEventRetry, type DueEvent } from '../db/pos-events.repo.js';
import { lockStock } from '../db/stock-versions.repo.js';
import { applyPosCounts } from './apply-pos-counts.js';
import { requirePosSettings } from './pos-settings.js';
import { isPermanent, messageOf, retryDelayMs, type PosSyncContext } from './pos-sync-context.js';
import { upsertPosProducts } from './upsert-pos-products.js';

const BATCH = 20;
/** Longer than one event can take (a POS call waits out 429s): a pass that died releases its events after this. */
const LEASE_MS = 5 * 60_000;

/** An event that will never apply: it is closed with this reason instead of retried. */
class NotApplicable extends Error {}

/** Applies every due event; answers how many were handled. */
export async function applyDueEvents(ctx: PosSyncContext): Promise<number> {
  let handled = 0;
  for (;;) {
    const events = await claimDueEvents(ctx.pool, BATCH, LEASE_MS);
    let locations: Promise<Set<string>> | undefined;
    const shopLocations = () => (locations ??= ctx.catalog.locationIds());
    for (const event of events) {
      try {
        const note = await applyEvent(ctx, event, shopLocations);
        await markEventApplied(ctx.pool, event.id, note ?? null);
      } catch (err) {
        if (err instanceof NotApplicable || isPermanent(err)) {
          await markEventFailed(ctx.pool, event.id, `Not applied: ${messageOf(err)}`);
        } else {
          ctx.logger.warn({ eventId: event.id, attempts: event.attempts, reason: messageOf(err) }, 'POS event not applied yet; retrying later');
          await scheduleEventRetry(ctx.pool, event.id, messageOf(err), retryDelayMs(ctx.settings, event.attempts));
        }
      }
      handled++;
    }
    if (events.length < BATCH) return handled;
  }
}

/** Applies one event; answers a note when it deliberately changed nothing. */
async function applyEvent(ctx: PosSyncContext, event: DueEvent, shopLocations: () => Promise<Set<string>>): Promise<string | undefined> {
  const { type, data } = parse(PosWebhookEvent, event.payload);
  switch (type) {
    case PosEventTypes.countUpdated:
      return applyCount(ctx, parse(CountUpdatedData, data), shopLocations);
    case PosEventTypes.productCreated:
    case PosEventTypes.productUpdated:
      return applyProduct(ctx, parse(ProductEventData, data).product.id, shopLocations);
    default:
      return `Ignored: the shop does not use ${type} events`;
  }
}

async function applyCount(ctx: PosSyncContext, count: z.infer<typeof CountUpdatedData>, shopLocations: () => Promise<Set<string>>): Promise<string | undefined> {
  const key = { sku: count.sku, locationId: count.location_id };
  const [outcome] = await withTransaction(ctx.pool, async (client) => {
    await lockStock(client, [key]);
    return applyPosCounts(ctx, client, [{ ...key, quantity: count.quantity, version: count.version }]);
  });
  // A sku the shop does not have yet: the whole product comes from the POS (its counts included),
  // once the lock above is released (the product's counts are locked together, in order).
  if (outcome && 'unknownSku' in outcome) return applyProduct(ctx, count.product_id, shopLocations);
  return outcome && 'note' in outcome ? outcome.note : undefined;
}

async function applyProduct(ctx: PosSyncContext, posProductId: string, shopLocations: () => Promise<Set<string>>): Promise<string | undefined> {
  // Without usable settings the product cannot be fetched yet: retried until an admin saves them.
  const settings = await requirePosSettings(ctx);
  const product = await ctx.connect(settings).getProduct(posProductId);
  if (!product) throw new NotApplicable(`the POS has no product ${posProductId} any more`);
  const [result] = await upsertPosProducts(ctx, [product], await shopLocations());
  if (result?.outcome === 'failed') {
    if (result.transient) throw new Error(result.problem);
    throw new NotApplicable(result.problem);
  }
  return undefined;
}

function parse<S extends z.ZodType>(schema: S, value: unknown): z.infer<S> {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new NotApplicable('the event is not the shape the POS API documents');
  return parsed.data;
}
