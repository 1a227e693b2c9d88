-- Issue 31: a cart line's variant carries its product (spec §3: Variant has `product`). What the
-- catalog said of the listing when the line was added: its id, brand and images (the line kept its
-- title, grade, notes and one-of-a-kind already). A line added before these columns has none of them
-- until it is added again; its product's id still comes with each price read (line-prices.ts).
ALTER TABLE cart_lines ADD COLUMN product_id uuid, ADD COLUMN brand text, ADD COLUMN images text[];
