-- Issue 29: photos of the actual unit and its inspections (decision 048: the shop owns these, the
-- POS owns price, stock and the name).

-- The listing's photos in the inspector's order, each {id, alt, width, height, placeholder, hash,
-- widths, cover, originalKey, originalType, createdAt}; the files are in object storage. Kept on
-- the row so an upload, a reorder and a delete are one row's update under its lock, and a read
-- takes them with the product.
ALTER TABLE products
  ADD COLUMN photos jsonb NOT NULL DEFAULT '[]' CHECK (jsonb_typeof(photos) = 'array' AND jsonb_array_length(photos) <= 12),
  -- The latest inspection as shoppers are told it {inspectedAt, inspectedBy, summary}; null until inspected.
  ADD COLUMN inspection jsonb,
  ADD COLUMN inspected_at timestamptz,
  -- What the POS last said of the grade and notes. Once a listing is inspected, these no longer
  -- change condition_grade/notes: the inspector accepts them or not.
  ADD COLUMN pos_condition_grade text,
  ADD COLUMN pos_condition_notes text,
  -- When the POS last sent another grade or notes: newer than the inspection, it waits for the inspector.
  ADD COLUMN pos_condition_at timestamptz NOT NULL DEFAULT now();

UPDATE products SET pos_condition_grade = condition_grade, pos_condition_notes = condition_notes;

-- Every inspection stays: a re-inspection adds a row.
CREATE TABLE inspections (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  product_id uuid NOT NULL REFERENCES products (id) ON DELETE CASCADE,
  inspected_at timestamptz NOT NULL DEFAULT now(),
  -- The session subject of the admin who saved it, and the name shoppers are shown.
  inspector_subject text NOT NULL,
  inspector_name text NOT NULL,
  category_id text NOT NULL,
  answers jsonb NOT NULL,
  grade text NOT NULL,
  notes text,
  summary text NOT NULL
);
CREATE INDEX inspections_product_idx ON inspections (product_id, inspected_at DESC);

-- The work queue's lists, newest first.
CREATE INDEX products_no_photos_idx ON products (created_at DESC, id) WHERE photos = '[]';
CREATE INDEX products_not_inspected_idx ON products (created_at DESC, id) WHERE inspected_at IS NULL;
CREATE INDEX products_inspected_at_idx ON products (inspected_at) WHERE inspected_at IS NOT NULL;
