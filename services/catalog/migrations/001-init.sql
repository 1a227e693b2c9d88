-- Stores and the warehouse; rows come from the seed step at start (demo data), or from admins later.
CREATE TABLE locations (
  id text PRIMARY KEY CHECK (id ~ '^[a-z0-9][a-z0-9-]{0,63}$'),
  name text NOT NULL,
  type text NOT NULL CHECK (type ~ '^[A-Z_]{1,32}$'), -- 'WAREHOUSE', 'STORE', ...
  address text NOT NULL,
  city text NOT NULL,
  state text NOT NULL,
  zip_code text NOT NULL,
  phone text,
  email text,
  hours text,
  notes text,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- The eight fixed categories of the spec: reference data, so it ships with the schema.
CREATE TABLE categories (
  id text PRIMARY KEY,
  name text NOT NULL,
  description text NOT NULL,
  sort int NOT NULL UNIQUE
);
INSERT INTO categories (id, name, description, sort) VALUES
  ('electronics', 'Electronics', 'Laptops, TVs, audio and computer gear, tested and graded.', 1),
  ('mobile-devices', 'Mobile Devices', 'Phones, tablets and wearables, checked for battery health and locks.', 2),
  ('home-garden', 'Home & Garden', 'Appliances, furniture, tools and outdoor equipment for the home.', 3),
  ('automotive', 'Automotive', 'Parts, accessories and electronics for cars and trucks.', 4),
  ('gaming', 'Gaming', 'Consoles, controllers, games and PC gaming accessories.', 5),
  ('sports-outdoors', 'Sports & Outdoors', 'Fitness equipment, bikes, camping and sporting goods.', 6),
  ('clothing', 'Clothing', 'Apparel, shoes and accessories from overstock and returns.', 7),
  ('general', 'General', 'Everything else worth a second look.', 8);

CREATE TABLE products (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  title text NOT NULL CHECK (length(title) BETWEEN 1 AND 300),
  brand text,
  description text,
  -- Free text on purpose: grades outside the five known ones are shown as-is (spec §3).
  condition_grade text NOT NULL,
  condition_notes text,
  one_of_a_kind boolean NOT NULL DEFAULT false,
  category_id text NOT NULL DEFAULT 'general' REFERENCES categories (id),
  images text[] NOT NULL DEFAULT '{}',
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX products_category_idx ON products (category_id);
CREATE INDEX products_newest_idx ON products (created_at DESC, id);

CREATE TABLE variants (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  product_id uuid NOT NULL REFERENCES products (id) ON DELETE CASCADE,
  -- The sku ends up in a NATS subject (inventory.updated.<sku>): no spaces, '*' or '>'.
  sku text NOT NULL UNIQUE CHECK (sku ~ '^[A-Za-z0-9._-]{1,64}$'),
  price_cents int NOT NULL CHECK (price_cents >= 0),
  compare_at_cents int CHECK (compare_at_cents >= 0),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX variants_product_idx ON variants (product_id);

-- available = Σ max(0, on_hand − reserved): reserved may exceed on_hand after a recount.
CREATE TABLE inventory_levels (
  variant_id uuid NOT NULL REFERENCES variants (id) ON DELETE CASCADE,
  location_id text NOT NULL REFERENCES locations (id),
  on_hand int NOT NULL DEFAULT 0 CHECK (on_hand >= 0),
  reserved int NOT NULL DEFAULT 0 CHECK (reserved >= 0),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (variant_id, location_id)
);
