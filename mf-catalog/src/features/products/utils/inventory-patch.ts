import type { InventoryUpdatedData, Product, ProductList } from '@pl/contracts';

type StockChange = Pick<InventoryUpdatedData, 'variantId' | 'sku' | 'onHand' | 'reserved' | 'available'>;

/**
 * Applies an `inventory:updated` event to a product at once, before the refetch the event also
 * starts has answered: the variant's totals become the event's. Per-location levels stay as they
 * were until that refetch (the event carries totals only). Undefined when nothing changed.
 */
export function patchProductStock(product: Product, change: StockChange): Product | undefined {
  let changed = false;
  const variants = product.variants.map((v) => {
    if (v.id !== change.variantId && v.sku !== change.sku) return v;
    if (v.totalOnHand === change.onHand && v.totalReserved === change.reserved && v.totalAvailable === change.available) return v;
    changed = true;
    return { ...v, totalOnHand: change.onHand, totalReserved: change.reserved, totalAvailable: change.available };
  });
  return changed ? { ...product, variants } : undefined;
}

function patchList(list: ProductList, change: StockChange): ProductList | undefined {
  let changed = false;
  const data = list.data.map((p) => {
    const patched = patchProductStock(p, change);
    if (!patched) return p;
    changed = true;
    return patched;
  });
  return changed ? { ...list, data } : undefined;
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/**
 * Patches whatever a product query holds: one product (detail page), a list (`{ data }`), or the
 * pages of an infinite list (`{ pages, pageParams }`). Undefined when nothing changed, which
 * leaves the cached data (and its update time) alone.
 */
export function applyInventoryUpdate<T>(cached: T, change: StockChange): T | undefined {
  if (!isObject(cached)) return undefined;
  if (Array.isArray(cached.pages)) {
    let changed = false;
    const pages = (cached.pages as ProductList[]).map((page) => {
      const patched = isObject(page) && Array.isArray(page.data) ? patchList(page, change) : undefined;
      if (!patched) return page;
      changed = true;
      return patched;
    });
    return changed ? ({ ...cached, pages } as T) : undefined;
  }
  if (Array.isArray(cached.data)) return patchList(cached as unknown as ProductList, change) as T | undefined;
  if (Array.isArray(cached.variants)) return patchProductStock(cached as unknown as Product, change) as T | undefined;
  return undefined;
}
