-- Issue 30: manifests, a supplier's CSV of what a lot holds, imported as draft listings.

CREATE TABLE manifests (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  -- sha256 of the file's bytes: the same file uploaded again is this manifest, not a second one.
  file_hash text NOT NULL UNIQUE CHECK (file_hash ~ '^[0-9a-f]{64}$'),
  file_name text NOT NULL,
  bytes int NOT NULL CHECK (bytes > 0),
  encoding text NOT NULL CHECK (encoding IN ('utf-8', 'utf-8 with BOM', 'windows-1252')),
  -- The file as uploaded, in object storage; the import reads it from there as a stream.
  storage_key text NOT NULL,
  headers jsonb NOT NULL,
  detected_mapping jsonb NOT NULL,
  sample jsonb NOT NULL,
  total_rows int NOT NULL CHECK (total_rows >= 0),
  uploaded_by_subject text NOT NULL,
  uploaded_at timestamptz NOT NULL DEFAULT now(),
  status text NOT NULL DEFAULT 'uploaded' CHECK (status IN ('uploaded', 'importing', 'cancelled', 'imported', 'failed')),
  -- ManifestSettings the import runs with (mapping, location, price %, lot cost), fixed at the first import.
  settings jsonb,
  -- What the lot's cost is spread over ({retailCents, units}), from the file's valid rows at the first import.
  cost_basis jsonb,
  -- Rows with an outcome, in file order: an import goes on after these (a batch commits its rows' outcomes with this).
  rows_done int NOT NULL DEFAULT 0,
  created int NOT NULL DEFAULT 0,
  added int NOT NULL DEFAULT 0,
  refused int NOT NULL DEFAULT 0,
  units int NOT NULL DEFAULT 0,
  batches int NOT NULL DEFAULT 0,
  started_at timestamptz,
  finished_at timestamptz,
  -- The pace for the time left: rows done and when, as this run of the import began.
  run_started_at timestamptz,
  run_started_rows int,
  -- The instance writing it and until when; a lease run out (a restart) lets any instance go on.
  lease_owner text,
  lease_until timestamptz,
  cancel_requested boolean NOT NULL DEFAULT false,
  error text
);
CREATE INDEX manifests_uploaded_idx ON manifests (uploaded_at DESC, id);
CREATE INDEX manifests_importing_idx ON manifests (started_at) WHERE status = 'importing';

-- Each row's outcome, written in the transaction that wrote its stock. A created row is a draft
-- listing awaiting its intake: it stays a row here (nothing in the catalogue's search indexes)
-- until an admin starts its intake or the POS changes it, when it becomes a product with
-- published_at null (manifest-drafts.ts); product_id then names that product. Rows adding units to
-- a sku that is such a draft wait with it and join it then.
CREATE TABLE manifest_rows (
  manifest_id uuid NOT NULL REFERENCES manifests (id) ON DELETE CASCADE,
  row int NOT NULL,
  sku text,
  outcome text NOT NULL CHECK (outcome IN ('created', 'added', 'refused')),
  product_id uuid,
  variant_id uuid,
  location_id text,
  quantity int,
  unit_cost_cents int,
  -- The draft listing a created row makes, and the id its product will have (answered to the POS's
  -- echo of the item before the product exists).
  draft_product_id uuid,
  title text,
  brand text,
  category_id text,
  condition_grade text,
  condition_notes text,
  one_of_a_kind boolean,
  price_cents int,
  compare_at_cents int,
  problems jsonb NOT NULL DEFAULT '[]',
  PRIMARY KEY (manifest_id, row)
);
-- Units waiting for their listing, by sku; one draft per sku at a time.
CREATE INDEX manifest_rows_waiting_idx ON manifest_rows (sku) WHERE product_id IS NULL AND outcome <> 'refused';
CREATE UNIQUE INDEX manifest_rows_one_draft_idx ON manifest_rows (sku) WHERE product_id IS NULL AND outcome = 'created';
