import type { InventoryLevel, Product, Variant } from '@pl/contracts';

/** What one location can sell of a variant: never below zero, even when more is reserved than on hand. */
export function levelAvailable(level: Pick<InventoryLevel, 'onHand' | 'reserved'>): number {
  return Math.max(0, level.onHand - level.reserved);
}

/**
 * Spec §4: available = Σ over inventory levels of max(0, onHand − reserved). An over-reserved
 * location cannot lend stock to another, so this is not totalOnHand − totalReserved.
 */
export function variantAvailable(levels: readonly Pick<InventoryLevel, 'onHand' | 'reserved'>[]): number {
  return levels.reduce((sum, level) => sum + levelAvailable(level), 0);
}

/**
 * The variant a card or a product page shows first: the first one that can be bought, so a
 * product whose first variant sold out is not shown as sold out; undefined when it has none.
 */
export function leadVariant(product: Pick<Product, 'variants'>): Variant | undefined {
  return product.variants.find((v) => v.totalAvailable > 0) ?? product.variants[0];
}
