-- An order's life after the payment (issue 11): pickup orders go paid → ready_for_pickup →
-- picked_up, shipped ones paid → shipped → delivered. Every step is a row in order_history (who,
-- when, what), and the order keeps the shipment and when it became ready (for overdue pickups).
ALTER TABLE orders DROP CONSTRAINT orders_status_check;
UPDATE orders SET status = 'delivered' WHERE status = 'fulfilled';
ALTER TABLE orders ADD CONSTRAINT orders_status_check CHECK (status IN
  ('paid', 'ready_for_pickup', 'picked_up', 'shipped', 'delivered', 'cancelled', 'refunded', 'return_requested', 'returned'));
ALTER TABLE orders
  ADD COLUMN carrier text CHECK (length(carrier) <= 60),
  ADD COLUMN tracking_number text CHECK (length(tracking_number) <= 60),
  ADD COLUMN ready_at timestamptz,
  ADD COLUMN status_changed_at timestamptz NOT NULL DEFAULT now(),
  -- Who paid: a guest's session or a customer's account (from the payment; older orders by the
  -- gateway's guest subject prefix).
  ADD COLUMN customer_kind text NOT NULL DEFAULT 'customer' CHECK (customer_kind IN ('guest', 'customer'));
UPDATE orders SET customer_kind = 'guest' WHERE subject LIKE 'guest:%';
UPDATE orders SET status_changed_at = created_at;

CREATE TABLE order_history (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  order_id uuid NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
  status text NOT NULL,
  actor_kind text NOT NULL CHECK (actor_kind IN ('system', 'admin', 'customer')),
  actor_id text,
  details jsonb,
  at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX order_history_order_idx ON order_history (order_id, id);
INSERT INTO order_history (order_id, status, actor_kind, at) SELECT id, 'paid', 'system', created_at FROM orders;
INSERT INTO order_history (order_id, status, actor_kind, at) SELECT id, status, 'system', created_at FROM orders WHERE status <> 'paid';

-- The order desk: newest first, by status, by pickup location, by e-mail.
CREATE INDEX orders_created_idx ON orders (created_at DESC, id DESC);
CREATE INDEX orders_status_idx ON orders (status, created_at DESC);
CREATE INDEX orders_pickup_location_idx ON orders ((fulfilment ->> 'locationId')) WHERE fulfilment ->> 'type' = 'pickup';
CREATE INDEX orders_email_idx ON orders (lower(email));
