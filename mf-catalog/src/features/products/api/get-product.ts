import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiPaths, Product } from '@pl/contracts';
import { apiJson } from '@pl/ui';

/** GET /api/products/:id: one product with its variants and stock. */
export async function fetchProduct(id: string): Promise<Product> {
  return Product.parse(await apiJson('GET', `${ApiPaths.catalog.products}/${encodeURIComponent(id)}`));
}

// The key is the path's segments, so it matches the default query function and the shell's
// realtime invalidation of everything under /api/products.
export const productQueryOptions = (id: string) =>
  queryOptions({ queryKey: [ApiPaths.catalog.products, id], queryFn: () => fetchProduct(id) });

export function useProduct(id: string) {
  return useQuery(productQueryOptions(id));
}
