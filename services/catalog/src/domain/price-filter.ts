import { decimalToCents, ErrorCodes } from '@pl/contracts';
import { badRequest } from '@pl/service-kit';

export interface PriceRange {
  minCents?: number;
  maxCents?: number;
}

/**
 * The price range of GET /api/products in cents, from the query's decimal strings ("19.99").
 * Compared with the product's current price (its cheapest variant), bounds included.
 */
export function parsePriceRange(query: { minPrice?: string; maxPrice?: string }): PriceRange {
  const minCents = query.minPrice === undefined ? undefined : decimalToCents(query.minPrice);
  const maxCents = query.maxPrice === undefined ? undefined : decimalToCents(query.maxPrice);
  if (minCents !== undefined && maxCents !== undefined && minCents > maxCents) {
    throw badRequest('minPrice: must not be above maxPrice', ErrorCodes.validation);
  }
  return { minCents, maxCents };
}
