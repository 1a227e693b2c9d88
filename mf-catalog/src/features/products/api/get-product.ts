import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiPaths, type Product } from '@pl/contracts';
import { apiJson } from '@pl/ui';
import { catalogCache } from '../../../shared/team-cache.js';

/** GET /api/products/:id: one product with its variants and stock. */
export async function fetchProduct(id: string, signal?: AbortSignal): Promise<Product> {
  return apiJson<Product>('GET', `${ApiPaths.catalog.products}/${encodeURIComponent(id)}`, undefined, { signal });
}

// The key is the path's segments, so it matches the default query function and the shell's
// realtime invalidation of everything under /api/products.
export const productQueryOptions = (id: string) =>
  queryOptions({ queryKey: catalogCache.key(ApiPaths.catalog.products, id), queryFn: ({ signal }) => fetchProduct(id, signal) });

export function useProduct(id: string) {
  return useQuery(productQueryOptions(id));
}
