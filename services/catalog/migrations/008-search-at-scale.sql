-- Search at 110k products (decision 022, src/db/product-list.repo.ts).

-- The newest-first index carries search_name, so a search whose words are in many titles takes
-- its newest title matches by reading this index in order, never the table (an index-only scan
-- that stops at the last candidate), instead of reading every match to sort them by date.
DROP INDEX products_newest_idx;
CREATE INDEX products_newest_idx ON products (created_at DESC, id DESC) INCLUDE (search_name);

-- Every word of a title or brand (search_name split where it is not a letter or digit), for the
-- spelling fallback: a query word is matched to the catalogue's words spelled like it (a trigram
-- index over some tens of thousands of words), and products are then found by those words. Only
-- ever appended to: two writers adding the same new word at once add it twice (readers take
-- distinct words), and nobody waits on anybody. Words of deleted or renamed products stay; a
-- stale word only finds nothing.
CREATE TABLE search_words (
  word text NOT NULL
);
CREATE INDEX search_words_word_idx ON search_words (word);
-- No pending list: a search reads the index alone, and new words are rare enough to be written into it at once.
CREATE INDEX search_words_trgm_idx ON search_words USING gin (word public.gin_trgm_ops) WITH (fastupdate = off);

CREATE FUNCTION add_search_words() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
BEGIN
  INSERT INTO search_words (word)
  SELECT DISTINCT w FROM new_products, regexp_split_to_table(new_products.search_name, '[^[:alnum:]]+') w
   WHERE length(w) >= 2 AND NOT EXISTS (SELECT 1 FROM search_words s WHERE s.word = w);
  RETURN NULL;
END
$$;
-- Once per statement: a bulk insert of 5,000 products looks up its distinct words once.
CREATE TRIGGER products_search_words_insert AFTER INSERT ON products
  REFERENCING NEW TABLE AS new_products FOR EACH STATEMENT EXECUTE FUNCTION add_search_words();

-- Renames: per row, and only for a row whose title or brand really changed (the pricing trigger
-- and the POS sync update products all the time; a comparison in the executor skips them).
CREATE FUNCTION add_renamed_product_words() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
BEGIN
  INSERT INTO search_words (word)
  SELECT DISTINCT w FROM regexp_split_to_table(NEW.search_name, '[^[:alnum:]]+') w
   WHERE length(w) >= 2 AND NOT EXISTS (SELECT 1 FROM search_words s WHERE s.word = w);
  RETURN NULL;
END
$$;
CREATE TRIGGER products_search_words_rename AFTER UPDATE OF title, brand ON products
  FOR EACH ROW WHEN (OLD.title IS DISTINCT FROM NEW.title OR OLD.brand IS DISTINCT FROM NEW.brand)
  EXECUTE FUNCTION add_renamed_product_words();

-- Products that existed before this migration.
INSERT INTO search_words (word)
SELECT DISTINCT w FROM products, regexp_split_to_table(products.search_name, '[^[:alnum:]]+') w WHERE length(w) >= 2;
