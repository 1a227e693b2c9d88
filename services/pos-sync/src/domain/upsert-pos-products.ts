// POS products into the catalog (a sync batch, or one product a webhook named). The counts they
// carry are written under the stock locks with their versions checked, so a count older than one
// the shop already applied is left out rather than written back over it.
import { withTransaction } from '@pl/service-kit';
import type { PosProduct } from '../connector/pos-wire.js';
import { findStockVersions, lockStock, recordStockVersions, versionKey, type StockKey } from '../db/stock-versions.repo.js';
import { pendingSoldUnits } from '../db/writebacks.repo.js';
import { mapPosProduct } from './map-pos-product.js';
import type { PosSyncContext } from './pos-sync-context.js';

const countsOf = (products: PosProduct[]) =>
  products.flatMap((p) => p.variants.flatMap((v) => v.stock.map((s) => ({ sku: v.sku, locationId: s.location_id, version: s.version }))));

export type UpsertResult =
  | { product: PosProduct; outcome: 'created' | 'updated' }
  /** `transient`: the catalog failed (5xx) rather than refused; the same product may go through later. */
  | { product: PosProduct; outcome: 'failed'; problem: string; transient: boolean };

/** Upserts up to MAX_UPSERT_BATCH products in one catalog call; one result per product, in order. */
export async function upsertPosProducts(ctx: Pick<PosSyncContext, 'pool' | 'catalog'>, products: PosProduct[], locations: ReadonlySet<string>): Promise<UpsertResult[]> {
  const keys: StockKey[] = countsOf(products).filter((c) => locations.has(c.locationId));

  return withTransaction(ctx.pool, async (client) => {
    await lockStock(client, keys);
    const [applied, pending] = await Promise.all([findStockVersions(client, keys), pendingSoldUnits(client, keys)]);
    const pendingSold = (sku: string, locationId: string) => pending.get(versionKey({ sku, locationId })) ?? 0;
    // A count at a version already applied is not sent again either: the shop may have sold units
    // since (not yet written back to the POS), and writing the POS's count over them would put
    // them back on sale.
    const isStale = (sku: string, locationId: string, version: number) => (applied.get(versionKey({ sku, locationId })) ?? -1) >= version;

    const mapped = products.map((product) => ({ product, result: mapPosProduct(product, { locations, isStale, pendingSold }) }));
    const requests = mapped.flatMap((m) => (m.result.ok ? [m.result.request] : []));
    const outcomes = requests.length > 0 ? await ctx.catalog.upsertProducts(requests) : [];

    let next = 0;
    const results: UpsertResult[] = mapped.map(({ product, result }) => {
      if (!result.ok) return { product, outcome: 'failed', problem: result.problem, transient: false };
      const outcome = outcomes[next++]!;
      if ('error' in outcome) return { product, outcome: 'failed', problem: outcome.error.message, transient: outcome.error.status >= 500 };
      return { product, outcome: outcome.created ? 'created' : 'updated' };
    });

    const saved = new Set(results.filter((r) => r.outcome !== 'failed').map((r) => r.product.id));
    await recordStockVersions(
      client,
      countsOf(products.filter((p) => saved.has(p.id))).filter((c) => locations.has(c.locationId) && !isStale(c.sku, c.locationId, c.version)),
    );
    return results;
  });
}
