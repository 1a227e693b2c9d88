-- The units of a sale the POS is to be told about, per sku and location, kept from the first attempt
-- on: while the sale is pending, the POS's counts do not include it yet, and pos-sync subtracts these
-- units from every count it applies (else a recount in the store would put sold units back on sale).
ALTER TABLE writebacks ADD COLUMN lines jsonb;
CREATE INDEX writebacks_pending_lines_idx ON writebacks (order_id) WHERE status = 'pending' AND lines IS NOT NULL;
