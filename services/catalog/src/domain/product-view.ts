import type { InventoryLevel, Product, Variant } from '@pl/contracts';
import { centsToDecimal } from '@pl/contracts';

/** A product as the catalog stores it (cents, category id); db/ returns these. */
export interface ProductRecord {
  id: string;
  title: string;
  brand: string | null;
  description: string | null;
  conditionGrade: string;
  conditionNotes: string | null;
  oneOfAKind: boolean;
  categoryId: string;
  images: string[];
  variants: VariantRecord[];
}

export interface VariantRecord {
  id: string;
  sku: string;
  priceCents: number;
  compareAtCents: number | null;
  levels: InventoryLevel[];
  /** When the last active hold on the variant ends (ISO); null or absent when none. */
  reservedUntil?: string | null;
}

export interface StockTotals {
  onHand: number;
  reserved: number;
  /** Σ max(0, onHand − reserved): a location with more reserved than on hand cannot lend stock to another. */
  available: number;
}

export function stockTotals(levels: readonly InventoryLevel[]): StockTotals {
  return levels.reduce(
    (t, l) => ({ onHand: t.onHand + l.onHand, reserved: t.reserved + l.reserved, available: t.available + Math.max(0, l.onHand - l.reserved) }),
    { onHand: 0, reserved: 0, available: 0 },
  );
}

export function toVariant(v: VariantRecord): Variant {
  const totals = stockTotals(v.levels);
  return {
    id: v.id,
    sku: v.sku,
    price: centsToDecimal(v.priceCents),
    compareAtPrice: v.compareAtCents === null ? null : centsToDecimal(v.compareAtCents),
    inventoryLevels: v.levels,
    totalOnHand: totals.onHand,
    totalReserved: totals.reserved,
    totalAvailable: totals.available,
    reservedUntil: v.reservedUntil ?? null,
  };
}

/** The wire Product: prices as decimal strings; currentPrice/originalPrice from the cheapest variant. */
export function toProduct(p: ProductRecord): Product {
  const cheapest = p.variants.reduce<VariantRecord | undefined>((best, v) => (best === undefined || v.priceCents < best.priceCents ? v : best), undefined);
  return {
    id: p.id,
    title: p.title,
    brand: p.brand,
    description: p.description,
    images: p.images,
    conditionGrade: p.conditionGrade,
    conditionNotes: p.conditionNotes,
    oneOfAKind: p.oneOfAKind,
    category: p.categoryId,
    currentPrice: cheapest ? centsToDecimal(cheapest.priceCents) : null,
    originalPrice: cheapest && cheapest.compareAtCents !== null ? centsToDecimal(cheapest.compareAtCents) : null,
    variants: p.variants.map(toVariant),
  };
}
