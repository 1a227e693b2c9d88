-- The order lookup (issue 11): a guest gives an order number and an e-mail; identity queues an
-- 'order-link' intent for that address, and the dispatcher mails the order's link only when the
-- cart says the order was placed with it. The shopper's answer is the same either way.
ALTER TABLE mail_outbox DROP CONSTRAINT mail_outbox_kind_check;
ALTER TABLE mail_outbox ADD CONSTRAINT mail_outbox_kind_check CHECK (kind IN ('password-reset', 'email-verification', 'order', 'order-link'));
