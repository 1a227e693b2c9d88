-- One cart per session subject: a guest session's or a customer's (merged on sign-in later).
CREATE TABLE carts (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  subject text NOT NULL UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- A line keeps a snapshot of the variant as the catalog described it when it was added: the
-- cart never reads the catalog's tables, and the price a shopper saw is the price charged.
CREATE TABLE cart_lines (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  cart_id uuid NOT NULL REFERENCES carts (id) ON DELETE CASCADE,
  sku text NOT NULL,
  qty int NOT NULL CHECK (qty > 0),
  title text NOT NULL,
  image text,
  condition_grade text NOT NULL,
  condition_notes text,
  one_of_a_kind boolean NOT NULL DEFAULT false,
  unit_price_cents int NOT NULL CHECK (unit_price_cents >= 0),
  compare_at_cents int CHECK (compare_at_cents >= 0),
  -- Until when the catalog holds a one-of-a-kind item for this cart.
  hold_expires_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (cart_id, sku)
);
CREATE INDEX cart_lines_cart_idx ON cart_lines (cart_id, created_at);
