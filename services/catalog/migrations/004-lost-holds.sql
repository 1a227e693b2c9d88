-- A hold the shelf can no longer cover: the store sold or wrote off the held unit (a POS count went
-- below what was held there). It ends as 'lost' rather than 'released' so the cart can tell its
-- shopper the item is gone, not that they let it go.
ALTER TABLE holds DROP CONSTRAINT holds_status_check;
ALTER TABLE holds ADD CONSTRAINT holds_status_check CHECK (status IN ('active', 'released', 'expired', 'committed', 'lost'));
