-- Cancellations, returns and refunds (issue 11). A return is asked per line and received by the
-- store with what became of each unit; every refund (a cancellation's whole order, a received
-- return's lines) is a row sent to the payment provider under its own idempotency key and settled
-- by the provider's answer or webhook.
ALTER TABLE orders ADD COLUMN fulfilled_at timestamptz;
UPDATE orders o SET fulfilled_at = (SELECT max(at) FROM order_history h WHERE h.order_id = o.id AND h.status IN ('picked_up', 'delivered'))
 WHERE status IN ('picked_up', 'delivered');

CREATE TABLE order_returns (
  order_id uuid NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
  line_index int NOT NULL CHECK (line_index >= 0),
  reason text NOT NULL,
  comment text CHECK (length(comment) <= 500),
  status text NOT NULL DEFAULT 'requested' CHECK (status IN ('requested', 'received')),
  refund_cents int NOT NULL CHECK (refund_cents >= 0),
  requested_at timestamptz NOT NULL DEFAULT now(),
  received_at timestamptz,
  -- What became of each unit: [{outcome: 'restock', grade, priceCents} | {outcome: 'unsellable'}].
  units jsonb,
  PRIMARY KEY (order_id, line_index),
  CHECK ((status = 'received') = (received_at IS NOT NULL))
);

CREATE TABLE refunds (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  order_id uuid NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
  reason text NOT NULL CHECK (reason IN ('cancellation', 'return')),
  amount_cents int NOT NULL CHECK (amount_cents > 0),
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'succeeded', 'failed')),
  provider_refund_id text UNIQUE,
  attempts int NOT NULL DEFAULT 0,
  next_attempt_at timestamptz NOT NULL DEFAULT now(),
  last_error text,
  created_at timestamptz NOT NULL DEFAULT now(),
  settled_at timestamptz
);
CREATE INDEX refunds_order_idx ON refunds (order_id, created_at);
-- The sender's queue: refunds the provider has not been asked for yet (or that must be asked again).
CREATE INDEX refunds_due_idx ON refunds (next_attempt_at) WHERE status = 'pending' AND provider_refund_id IS NULL;
