// The shape seeds are written in: one entry per product, money in cents, stock per location in
// the order of LOCATIONS. seed-catalog.ts turns entries into the store's records.

export const GRADES = ['NEW_IN_BOX', 'OPEN_BOX', 'LIGHTLY_USED', 'USED', 'FOR_PARTS'] as const;
export type Grade = (typeof GRADES)[number];

/** The POS's locations: the shop's four stores and warehouse, same ids. */
export const LOCATIONS = [
  { id: 'columbus-warehouse', name: 'Columbus Distribution Warehouse' },
  { id: 'downtown-columbus', name: 'Downtown Columbus Store' },
  { id: 'dublin', name: 'Dublin Store' },
  { id: 'westerville', name: 'Westerville Store' },
] as const;

/** Units on hand per location, in the order of LOCATIONS. */
export type StockCounts = readonly [warehouse: number, downtown: number, dublin: number, westerville: number];

export interface SeedVariant {
  sku: string;
  /** The option (size, colour, capacity) of a product with several variants; null for a single one. */
  name: string | null;
  priceCents: number;
  compareAtCents: number | null;
  stock: StockCounts;
}

export interface SeedProduct {
  /** The product's base sku; its id is derived from it. */
  sku: string;
  name: string;
  brand: string;
  description: string;
  category: string;
  grade: Grade;
  notes: string;
  unique: boolean;
  /** A path on the shop (`/media/<file>.svg`, one of the shop's media files), or null. */
  image: string | null;
  createdAt: string;
  variants: readonly SeedVariant[];
}

export const variant = (sku: string, priceCents: number, compareAtCents: number | null, stock: StockCounts, name: string | null = null): SeedVariant => ({
  sku,
  name,
  priceCents,
  compareAtCents,
  stock,
});
