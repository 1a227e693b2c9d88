// The POS's catalogue in memory: products with their variants and a count per location. Every
// change goes through here so that the product's updated_at moves (strictly increasing, see
// clock.ts) and the count's version grows by one.
import type { Clock } from './clock.js';
import type { Grade } from '../seed/seed-product.js';

export interface Location {
  id: string;
  name: string;
}

export interface StockRecord {
  location_id: string;
  quantity: number;
  version: number;
}

export interface VariantRecord {
  id: string;
  sku: string;
  name: string | null;
  priceCents: number;
  compareAtCents: number | null;
  /** One record per location, in the order of the store's locations. */
  stock: StockRecord[];
}

export interface ProductRecord {
  id: string;
  name: string;
  brand: string;
  description: string;
  category: string;
  grade: Grade;
  notes: string;
  unique: boolean;
  imageUrl: string | null;
  createdAt: number;
  updatedAt: number;
  variants: VariantRecord[];
}

export interface SkuMatch {
  product: ProductRecord;
  variant: VariantRecord;
}

/** A position in the (updated_at, id) order. */
export interface PagePosition {
  updatedAt: number;
  id: string;
}

const compare = (a: PagePosition, b: PagePosition): number => a.updatedAt - b.updatedAt || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

export class CatalogStore {
  private readonly byId = new Map<string, ProductRecord>();
  private readonly bySku = new Map<string, SkuMatch>();
  /** Products by (updated_at, id); re-sorted lazily after changes (a changed product moves to the end). */
  private ordered: ProductRecord[] = [];
  private sorted = true;

  /**
   * Where count versions start: the boot time in microseconds (a safe integer until the year 2255).
   * The catalogue is re-seeded on every start, and a client keeps the versions it applied, so a
   * count after a restart must still be newer than any count before it (API.md: a later state has a
   * higher version) — true unless one count changed more than 1,000 times per millisecond of uptime.
   */
  readonly versionBase = Date.now() * 1000;

  constructor(
    readonly locations: readonly Location[],
    private readonly clock: Clock,
  ) {}

  /** Adds a product as is (seeding): its updated_at is kept. */
  add(product: ProductRecord): void {
    if (this.byId.has(product.id)) throw new Error(`duplicate product id ${product.id}`);
    for (const variant of product.variants) {
      if (this.bySku.has(variant.sku)) throw new Error(`duplicate sku ${variant.sku}`);
      this.bySku.set(variant.sku, { product, variant });
    }
    this.byId.set(product.id, product);
    this.ordered.push(product);
    this.sorted = false;
  }

  get(id: string): ProductRecord | undefined {
    return this.byId.get(id);
  }

  findSku(sku: string): SkuMatch | undefined {
    return this.bySku.get(sku);
  }

  hasLocation(id: string): boolean {
    return this.locations.some((location) => location.id === id);
  }

  /** The count of a variant at a location (created at 0, at the base version, if the variant had none there). */
  stockAt(variant: VariantRecord, locationId: string): StockRecord {
    let record = variant.stock.find((s) => s.location_id === locationId);
    if (!record) {
      record = { location_id: locationId, quantity: 0, version: this.versionBase };
      variant.stock.push(record);
      const order = this.locations.map((l) => l.id);
      variant.stock.sort((a, b) => order.indexOf(a.location_id) - order.indexOf(b.location_id));
    }
    return record;
  }

  /** Sets a count, bumps its version and moves the product's updated_at. */
  setQuantity(match: SkuMatch, locationId: string, quantity: number): StockRecord {
    const record = this.changeQuantity(match.variant, locationId, () => quantity);
    this.touch(match.product);
    return record;
  }

  /** Adds `delta` to a count and bumps its version; the caller touches the product (once for several changes). */
  adjustQuantity(variant: VariantRecord, locationId: string, delta: number): StockRecord {
    return this.changeQuantity(variant, locationId, (quantity) => quantity + delta);
  }

  private changeQuantity(variant: VariantRecord, locationId: string, next: (quantity: number) => number): StockRecord {
    const record = this.stockAt(variant, locationId);
    record.quantity = next(record.quantity);
    record.version += 1;
    return record;
  }

  /** Marks a product changed: a new updated_at, later than every earlier one. */
  touch(product: ProductRecord): void {
    product.updatedAt = this.clock.next();
    this.sorted = false;
  }

  /** Every product in (updated_at, id) order. */
  all(): readonly ProductRecord[] {
    if (!this.sorted) {
      this.ordered.sort(compare);
      this.sorted = true;
    }
    return this.ordered;
  }

  /**
   * One page in (updated_at, id) order: products with updated_at >= since (when given) that come
   * after `after` (when given). `more` says whether anything follows the page; `total` is how many
   * products meet `since`, whatever the page.
   */
  page(query: { since: number | null; after: PagePosition | null; limit: number }): { products: ProductRecord[]; more: boolean; total: number } {
    const all = this.all();
    const since = query.since === null ? 0 : lowerBound(all, (p) => p.updatedAt >= query.since!);
    let start = since;
    if (query.after) {
      const after = query.after;
      start = Math.max(start, lowerBound(all, (p) => compare(p, after) > 0));
    }
    return { products: all.slice(start, start + query.limit), more: start + query.limit < all.length, total: all.length - since };
  }

  get size(): number {
    return this.byId.size;
  }
}

/** The first index whose item satisfies `isAtOrAfter` (a predicate monotonic over the sorted list). */
function lowerBound<T>(items: readonly T[], isAtOrAfter: (item: T) => boolean): number {
  let low = 0;
  let high = items.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (isAtOrAfter(items[mid] as T)) high = mid;
    else low = mid + 1;
  }
  return low;
}
