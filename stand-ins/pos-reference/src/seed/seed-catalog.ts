// Fills a fresh store from a seed. Ids come from the skus (the same on every start); updated_at
// values are distinct, just before now, in order of creation, so later changes sort after them.
import { createHash } from 'node:crypto';
import type { CatalogStore, ProductRecord } from '../store/catalog-store.js';
import { DEMO_PRODUCTS } from './demo-products.data.js';
import { generateProducts } from './generate-products.js';
import type { SeedProduct } from './seed-product.js';

/** `skuPrefix` of generated products: POS-GEN unless given (two generated POSes with different prefixes share no sku). */
export type Seed = 'demo' | 'none' | { generated: number; skuPrefix?: string };

const stableId = (prefix: string, name: string): string => `${prefix}_${createHash('sha256').update(name).digest('hex').slice(0, 24)}`;
export const productIdFor = (baseSku: string): string => stableId('prd', `product:${baseSku}`);
export const variantIdFor = (sku: string): string => stableId('var', `variant:${sku}`);

export function seedProducts(seed: Seed): readonly SeedProduct[] {
  if (seed === 'none') return [];
  if (seed === 'demo') return DEMO_PRODUCTS;
  return generateProducts(seed.generated, seed.skuPrefix);
}

export function seedCatalog(store: CatalogStore, seed: Seed, now: number = Date.now()): void {
  const products = [...seedProducts(seed)].sort((a, b) => (a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : 0));
  products.forEach((p, i) => store.add(toRecord(store, p, now - (products.length - i))));
}

function toRecord(store: CatalogStore, p: SeedProduct, updatedAt: number): ProductRecord {
  return {
    id: productIdFor(p.sku),
    name: p.name,
    brand: p.brand,
    description: p.description,
    category: p.category,
    grade: p.grade,
    notes: p.notes,
    unique: p.unique,
    imageUrl: p.image,
    createdAt: Date.parse(p.createdAt),
    updatedAt,
    variants: p.variants.map((v) => ({
      id: variantIdFor(v.sku),
      sku: v.sku,
      name: v.name,
      priceCents: v.priceCents,
      compareAtCents: v.compareAtCents,
      stock: store.locations.map((location, at) => ({ location_id: location.id, quantity: v.stock[at] ?? 0, version: store.versionBase })),
    })),
  };
}
