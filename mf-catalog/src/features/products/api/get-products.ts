import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiPaths, ProductList } from '@pl/contracts';
import { apiJson } from '@pl/ui';

/** GET /api/products: the catalogue, `{ data: Product[] }`. */
export async function fetchProducts(): Promise<ProductList> {
  return ProductList.parse(await apiJson('GET', ApiPaths.catalog.products));
}

export const productsQueryOptions = () =>
  queryOptions({ queryKey: [ApiPaths.catalog.products], queryFn: fetchProducts });

export function useProducts() {
  return useQuery(productsQueryOptions());
}
