-- A provider may report that an attempt failed (Stripe payment_intent.payment_failed). The intent
-- stays usable: the shopper can try another card, and a later success still makes the order.
ALTER TABLE payments DROP CONSTRAINT payments_status_check;
ALTER TABLE payments ADD CONSTRAINT payments_status_check CHECK (status IN ('creating', 'pending', 'failed', 'succeeded', 'refunded'));
