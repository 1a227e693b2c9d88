import type { AdminInventoryEntry, InventoryLevel, Location, Variant } from '@pl/contracts';

/** One row of the inventory table: a variant with the product it belongs to. */
export interface InventoryRow {
  product: AdminInventoryEntry['product'];
  variant: Variant;
  /** A draft (from a manifest): not shown to shoppers until published at the intake desk. */
  draft: boolean;
}

export interface LocationColumn {
  id: string;
  name: string;
}

export function inventoryRows(entries: readonly AdminInventoryEntry[]): InventoryRow[] {
  return entries.flatMap((entry) => entry.variants.map((variant) => ({ product: entry.product, variant, draft: entry.publishedAt === null })));
}

/**
 * One column per store location, in the order GET /api/locations gives them. Stock held at a
 * location that list does not name (or when it could not be loaded) still gets a column,
 * headed by its id, so no stock goes unseen.
 */
export function locationColumns(
  entries: readonly AdminInventoryEntry[],
  locations: readonly Pick<Location, 'id' | 'name'>[] | undefined,
): LocationColumn[] {
  const known = (locations ?? []).map(({ id, name }) => ({ id, name }));
  const knownIds = new Set(known.map((l) => l.id));
  const unknownIds = new Set<string>();
  for (const entry of entries) {
    for (const variant of entry.variants) {
      for (const level of variant.inventoryLevels) if (!knownIds.has(level.locationId)) unknownIds.add(level.locationId);
    }
  }
  return [...known, ...[...unknownIds].sort().map((id) => ({ id, name: id }))];
}

/** A variant's stock at one location, or undefined when it has none recorded there. */
export function levelAt(variant: Variant, locationId: string): Pick<InventoryLevel, 'onHand' | 'reserved'> | undefined {
  const levels = variant.inventoryLevels.filter((l) => l.locationId === locationId);
  if (levels.length === 0) return undefined;
  return levels.reduce((sum, l) => ({ onHand: sum.onHand + l.onHand, reserved: sum.reserved + l.reserved }), { onHand: 0, reserved: 0 });
}

export interface InventoryTotals {
  variants: number;
  onHand: number;
  reserved: number;
  available: number;
}

/** The figures above the table: how many variants and units the rows shown add up to. */
export function inventoryTotals(rows: readonly InventoryRow[]): InventoryTotals {
  return rows.reduce(
    (t, { variant }) => ({
      variants: t.variants + 1,
      onHand: t.onHand + variant.totalOnHand,
      reserved: t.reserved + variant.totalReserved,
      available: t.available + variant.totalAvailable,
    }),
    { variants: 0, onHand: 0, reserved: 0, available: 0 },
  );
}
