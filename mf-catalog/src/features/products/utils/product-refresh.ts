import type { Product, ProductList } from '@pl/contracts';

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;
const listHolds = (list: unknown, productId: string) => isObject(list) && Array.isArray(list.data) && (list.data as Product[]).some((p) => p?.id === productId);

/**
 * Whether what a product query holds shows the product `productId`: the product itself (its page),
 * a list (`{ data }`) or the pages of an infinite list (`{ pages }`) with it on one of them. Only
 * those queries are refetched when its photos or inspection change (product:updated).
 */
export function showsProduct(cached: unknown, productId: string): boolean {
  if (!isObject(cached)) return false;
  if (Array.isArray(cached.pages)) return (cached.pages as ProductList[]).some((page) => listHolds(page, productId));
  if (Array.isArray(cached.data)) return listHolds(cached, productId);
  return cached.id === productId;
}

/** Whether what a product query holds is a list (`{ data }`) or an infinite list (`{ pages }`), not one product's page. */
export function isProductList(cached: unknown): boolean {
  return isObject(cached) && (Array.isArray(cached.pages) || Array.isArray(cached.data));
}
