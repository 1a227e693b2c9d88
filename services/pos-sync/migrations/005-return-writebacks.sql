-- Units an order gives back (a cancellation, a received return: issue 11) reach the POS like its
-- sale: one write-back each, with the same retry rules. A sale's row is keyed by its order id; a
-- give-back's by '<order id>:<action key>' (the catalog's order.stock-returned event names both)
-- and carries the units from the event, since the catalog's allocations describe the sale.
ALTER TABLE writebacks
  ADD COLUMN kind text NOT NULL DEFAULT 'sale' CHECK (kind IN ('sale', 'return')),
  ADD COLUMN units jsonb,
  ADD CONSTRAINT writebacks_return_units CHECK (kind = 'sale' OR units IS NOT NULL);
