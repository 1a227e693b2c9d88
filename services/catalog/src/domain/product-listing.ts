import type { ProductList, ProductListQuery } from '@pl/contracts';
import type { Pool } from '@pl/service-kit';
import { listProductPage, type ProductListCriteria } from '../db/product-list.repo.js';
import { decodeCursor, encodeCursor, filterFingerprint, type ListOrder } from './product-cursor.js';
import { parsePriceRange } from './price-filter.js';
import { toProduct } from './product-view.js';
import { FUZZY_MIN_LENGTH, toSearchText } from './search-text.js';

/**
 * GET /api/products. A search without a chosen sort is ranked by relevance; with one, the
 * shopper's order wins. One or two characters match too much to rank (nearly every product has a
 * word starting with "a"), so those list newest first. When a search finds nothing, its first page retries by spelling
 * closeness, and the cursor carries that choice to the following pages.
 */
export async function listProducts(db: Pool, query: ProductListQuery, options: { sortGiven: boolean }): Promise<ProductList> {
  const search = toSearchText(query.q);
  const price = parsePriceRange(query);
  const order: ListOrder = search && search.text.length >= FUZZY_MIN_LENGTH && !options.sortGiven ? 'relevance' : query.sort;
  const conditions = query.condition ? [...new Set(query.condition)].sort() : undefined;
  const fingerprint = filterFingerprint([search?.text ?? null, query.category ?? null, conditions ?? null, price.minCents ?? null, price.maxCents ?? null, query.inStock === true]);
  const resumed = query.cursor === undefined ? undefined : decodeCursor(query.cursor, { order, fingerprint });

  const criteria: ProductListCriteria = {
    search,
    fuzzy: resumed?.fuzzy ?? false,
    category: query.category,
    conditions,
    price,
    inStock: query.inStock === true,
    order,
    after: resumed?.position,
    limit: query.limit,
  };
  let page = await listProductPage(db, criteria);
  if (page.records.length === 0 && search && !resumed && search.text.length >= FUZZY_MIN_LENGTH) {
    criteria.fuzzy = true;
    page = await listProductPage(db, criteria);
  }
  return {
    data: page.records.map(toProduct),
    nextCursor: page.next ? encodeCursor({ order, fingerprint, fuzzy: criteria.fuzzy === true }, page.next) : null,
    ...(page.total === undefined ? {} : { total: page.total }),
    ...(page.totalIsAtLeast ? { totalIsAtLeast: true } : {}),
  };
}
