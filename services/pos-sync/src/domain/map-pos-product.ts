// A POS product as the catalog stores it. The POS is a vendor's system: its free text is cut to the
// catalog's limits, its grades and categories fall back to safe values, counts below zero (a sale
// recorded against a wrong count) are zero on the shelf, and locations the shop does not have are
// left out. What cannot be mapped (no name, a SKU the shop cannot use) is reported, not guessed.
import { CategoryId, ConditionGrade, MEDIA_PATH, SKU_PATTERN, type UpsertProductRequest } from '@pl/contracts';
import type { PosProduct } from '../connector/pos-wire.js';

/** What a grade the shop cannot read becomes: it claims no better condition than the POS can vouch for. */
export const FALLBACK_GRADE = 'USED';
const GRADE_PATTERN = /^[A-Z_]{1,32}$/;
const MAX_ON_HAND = 1_000_000;

/**
 * What the shop has on hand when the POS counts `quantity`: the POS's count less the units sold
 * online that the POS has not confirmed yet (pending write-backs) — the ARCHITECTURE §5 invariant:
 * a count that does not know of a sale must not put the sold unit back on sale. Within 0…1,000,000.
 */
export const shopOnHand = (quantity: number, pendingSold: number) => Math.min(Math.max(quantity - pendingSold, 0), MAX_ON_HAND);
const MAX_CENTS = 100_000_000;
const MAX_VARIANTS = 50;

export interface MapOptions {
  /** The shop's location ids (catalog GET /api/locations). */
  locations: ReadonlySet<string>;
  /** Leaves out a count the shop already has a newer version of (see stock-versions.repo.ts). */
  isStale?: (sku: string, locationId: string, version: number) => boolean;
  /** Units sold online that the POS has not confirmed yet, left out of its count (see apply-pos-counts.ts). */
  pendingSold?: (sku: string, locationId: string) => number;
}

export type MapResult = { ok: true; request: UpsertProductRequest } | { ok: false; problem: string };

const cut = (text: string | null | undefined, max: number): string | null => {
  const trimmed = text?.trim() ?? '';
  return trimmed === '' ? null : trimmed.slice(0, max);
};

/** A known grade as is; another readable one as the catalog allows (`open box` → `OPEN_BOX`); else the fallback. */
export function mapGrade(grade: string | null | undefined): string {
  const normalised = (grade ?? '').trim().toUpperCase().replace(/[\s-]+/g, '_');
  if (ConditionGrade.safeParse(normalised).success || GRADE_PATTERN.test(normalised)) return normalised;
  return FALLBACK_GRADE;
}

export function mapCategory(category: string | null | undefined): CategoryId {
  const parsed = CategoryId.safeParse(category?.trim().toLowerCase());
  return parsed.success ? parsed.data : 'general';
}

/** An absolute http(s) URL as is, the POS's shop paths (`/media/x.svg`) where the shop serves media; anything else is dropped. */
export function mapImage(url: string | null | undefined): string | undefined {
  const value = url?.trim();
  if (!value || value.length > 2048) return undefined;
  if (value.startsWith('/media/')) return `${MEDIA_PATH}/${value.slice('/media/'.length)}`;
  if (value.startsWith('/') && !value.startsWith('//')) return value;
  try {
    const parsed = new URL(value);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? value : undefined;
  } catch {
    return undefined;
  }
}

export function mapPosProduct(product: PosProduct, options: MapOptions): MapResult {
  const title = cut(product.name, 300);
  if (!title) return { ok: false, problem: 'it has no name' };
  if (product.variants.length === 0) return { ok: false, problem: 'it has no variants' };
  if (product.variants.length > MAX_VARIANTS) return { ok: false, problem: `it has ${product.variants.length} variants; the shop takes at most ${MAX_VARIANTS}` };

  const variants: UpsertProductRequest['variants'] = [];
  for (const v of product.variants) {
    if (!SKU_PATTERN.test(v.sku)) return { ok: false, problem: `SKU "${v.sku.slice(0, 80)}" is not one the shop can use (letters, digits, '.', '_', '-'; at most 64)` };
    const money = [v.price, ...(v.compare_at_price ? [v.compare_at_price] : [])];
    if (money.some((m) => m.currency !== 'USD')) return { ok: false, problem: `SKU ${v.sku} is priced in ${money.find((m) => m.currency !== 'USD')?.currency}; the shop sells in USD` };
    if (money.some((m) => m.amount < 0 || m.amount > MAX_CENTS)) return { ok: false, problem: `SKU ${v.sku} has a price the shop cannot take` };
    const stock = new Map<string, number>();
    for (const s of v.stock) {
      if (!options.locations.has(s.location_id)) continue;
      if (options.isStale?.(v.sku, s.location_id, s.version)) continue;
      stock.set(s.location_id, shopOnHand(s.quantity, options.pendingSold?.(v.sku, s.location_id) ?? 0));
    }
    variants.push({
      sku: v.sku,
      priceCents: v.price.amount,
      compareAtCents: v.compare_at_price?.amount ?? null,
      stock: [...stock].map(([locationId, onHand]) => ({ locationId, onHand })),
    });
  }

  const image = mapImage(product.image_url);
  return {
    ok: true,
    request: {
      title,
      brand: cut(product.brand, 120),
      description: cut(product.description, 5000),
      conditionGrade: mapGrade(product.condition?.grade),
      conditionNotes: cut(product.condition?.notes, 2000),
      oneOfAKind: product.unique ?? false,
      category: mapCategory(product.category),
      images: image ? [image] : [],
      variants,
    },
  };
}
