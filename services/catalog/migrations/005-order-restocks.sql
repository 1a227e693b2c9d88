-- Units of an order put back on sale (a cancellation, a received return: issue 11). One row per
-- action of the cart (its key), so a redelivered order.restock event puts nothing back twice.
CREATE TABLE order_restocks (
  order_id text NOT NULL,
  key text NOT NULL,
  -- Where the units went: [{sku, locationId, qty}] (a regraded unit under its new listing's sku).
  lines jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (order_id, key)
);
