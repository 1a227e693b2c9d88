import type { Product, ProductList } from '@pl/contracts';

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;
const listHolds = (list: unknown, ids: ReadonlySet<string>) => isObject(list) && Array.isArray(list.data) && (list.data as Product[]).some((p) => ids.has(p?.id));

/**
 * Whether what a product query holds shows one of the products `ids`: the product itself (its page),
 * a list (`{ data }`) or the pages of an infinite list (`{ pages }`) with one on one of them. Only
 * those queries are refetched when listings change (product:updated; a markdown names a thousand).
 */
export function showsAnyOf(cached: unknown, ids: ReadonlySet<string>): boolean {
  if (!isObject(cached)) return false;
  if (Array.isArray(cached.pages)) return (cached.pages as ProductList[]).some((page) => listHolds(page, ids));
  if (Array.isArray(cached.data)) return listHolds(cached, ids);
  return typeof cached.id === 'string' && ids.has(cached.id);
}

/** Whether what a product query holds is a list (`{ data }`) or an infinite list (`{ pages }`), not one product's page. */
export function isProductList(cached: unknown): boolean {
  return isObject(cached) && (Array.isArray(cached.pages) || Array.isArray(cached.data));
}
