// What the API sends: the Product shape of API.md, built fresh from the store's records (so a
// caller can keep or change it without touching the store).
import type { ProductRecord } from './store/catalog-store.js';
import type { Grade } from './seed/seed-product.js';

export interface Money {
  amount: number;
  currency: 'USD';
}

export interface StockLevel {
  location_id: string;
  quantity: number;
  version: number;
}

export interface Variant {
  id: string;
  sku: string;
  name: string | null;
  price: Money;
  compare_at_price: Money | null;
  stock: StockLevel[];
}

export interface Product {
  id: string;
  name: string;
  brand: string;
  description: string;
  category: string;
  condition: { grade: Grade; notes: string };
  unique: boolean;
  image_url: string | null;
  created_at: string;
  updated_at: string;
  variants: Variant[];
}

export const money = (cents: number): Money => ({ amount: cents, currency: 'USD' });

export function toWireProduct(p: ProductRecord): Product {
  return {
    id: p.id,
    name: p.name,
    brand: p.brand,
    description: p.description,
    category: p.category,
    condition: { grade: p.grade, notes: p.notes },
    unique: p.unique,
    image_url: p.imageUrl,
    created_at: new Date(p.createdAt).toISOString(),
    updated_at: new Date(p.updatedAt).toISOString(),
    variants: p.variants.map((v) => ({
      id: v.id,
      sku: v.sku,
      name: v.name,
      price: money(v.priceCents),
      compare_at_price: v.compareAtCents === null ? null : money(v.compareAtCents),
      stock: v.stock.map((s) => ({ location_id: s.location_id, quantity: s.quantity, version: s.version })),
    })),
  };
}
