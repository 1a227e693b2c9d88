import { ApiPaths, type Product } from '@pl/contracts';
import { apiJson, firstViewAnswerOf, queryOptions, useQuery } from '@pl/ui';
import { catalogCache } from '../../../shared/team-cache.js';

/** GET /api/products/:id: one product with its variants and stock. */
export async function fetchProduct(id: string, signal?: AbortSignal): Promise<Product> {
  return apiJson<Product>('GET', productRead(id), undefined, { signal });
}

// The key is the path's segments, so it matches the default query function and the shell's
// realtime invalidation of everything under /api/products.
export const productQueryOptions = (id: string) =>
  queryOptions({ queryKey: catalogCache.key(ApiPaths.catalog.products, id), queryFn: ({ signal }) => fetchProduct(id, signal) });

/** The read of product `id` (also what the gateway names as the product page's first-view read). */
export const productRead = (id: string) => `${ApiPaths.catalog.products}/${encodeURIComponent(id)}`;

/**
 * Product `id`. On the page the shopper opened, it starts from the answer the page was served with
 * (firstViewAnswerOf; current when served, decision 076), so the first render draws what the
 * server rendered. Changes since then arrive as any change does: the realtime connection's first
 * opening refetches every product query (useLiveProducts' refetchOnResync).
 */
export function useProduct(id: string) {
  const served = firstViewAnswerOf<Product>(productRead(id));
  return useQuery({
    ...productQueryOptions(id),
    initialData: served?.body,
    initialDataUpdatedAt: served?.at,
  });
}

/** Whether product `id` was served with the page (its first render shows it at once, as the server did). */
export const servedWithPage = (id: string) => firstViewAnswerOf(productRead(id)) !== undefined;
