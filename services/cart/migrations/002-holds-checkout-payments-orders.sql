-- The catalog's holds guarding a line's units (one-of-a-kind items from the moment they are added,
-- every line during the payment window). Ids only: the catalog decides and expires them.
ALTER TABLE cart_lines ADD COLUMN hold_ids uuid[] NOT NULL DEFAULT '{}';
-- Fulfilment and guest e-mail saved by PUT /api/cart/checkout (contracts CheckoutDetailsPayload).
ALTER TABLE carts ADD COLUMN checkout jsonb;

-- One payment per cart content: the idempotency key is derived from what is bought, so asking
-- twice for the same cart gives the same intent. The snapshot is what the order will be made of.
CREATE TABLE payments (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  cart_id uuid NOT NULL,
  subject text NOT NULL,
  idempotency_key text NOT NULL UNIQUE,
  provider text NOT NULL,
  provider_payment_id text UNIQUE,
  client_secret text UNIQUE,
  amount_cents int NOT NULL CHECK (amount_cents > 0),
  snapshot jsonb NOT NULL,
  status text NOT NULL DEFAULT 'creating' CHECK (status IN ('creating', 'pending', 'succeeded', 'refunded')),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE SEQUENCE order_number_seq START 100001;

-- Created only from a provider's verified confirmation; payment_id UNIQUE makes that exactly once.
CREATE TABLE orders (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  number text NOT NULL UNIQUE DEFAULT ('PL-' || nextval('order_number_seq')),
  payment_id uuid NOT NULL UNIQUE REFERENCES payments (id),
  subject text NOT NULL,
  email text,
  status text NOT NULL CHECK (status IN ('paid', 'refunded', 'cancelled', 'fulfilled')),
  -- 'pending' until every hold is committed in the catalog (a repeated confirmation finishes it).
  stock_state text NOT NULL DEFAULT 'pending' CHECK (stock_state IN ('pending', 'committed', 'lost')),
  lines jsonb NOT NULL,
  subtotal_cents int NOT NULL,
  tax_cents int NOT NULL,
  shipping_cents int NOT NULL DEFAULT 0,
  total_cents int NOT NULL,
  fulfilment jsonb NOT NULL,
  note text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX orders_subject_idx ON orders (subject, created_at DESC);

-- Provider events and NATS events already handled (webhook re-deliveries, sign-in merges).
CREATE TABLE processed_events (
  source text NOT NULL,
  event_id text NOT NULL,
  processed_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (source, event_id)
);
