-- The admin's inventory search matches part of a sku (GET /api/admin/inventory?q=): trigrams of the
-- lower-cased sku, like products.search_name for titles and brands.
CREATE INDEX variants_sku_trgm_idx ON variants USING gin (lower(sku) public.gin_trgm_ops);
