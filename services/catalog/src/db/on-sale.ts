/**
 * On sale: shoppers never see a draft (a listing from a manifest, published_at null, decision 055).
 * Every shopper's read of `products` says it; the newest-first index carries the column, so a
 * search reading that index in order still reads no table row.
 */
export const ON_SALE = (alias: string) => `${alias}.published_at IS NOT NULL`;
