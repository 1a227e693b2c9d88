-- Order e-mails (issue 11): identity mails the customer when the cart service says an order was
-- placed or moved on. The event's facts ride in `payload`; `dedupe_key` (the event id) makes a
-- redelivered event queue nothing a second time, so each mail is sent exactly once.
ALTER TABLE mail_outbox DROP CONSTRAINT mail_outbox_kind_check;
ALTER TABLE mail_outbox ADD CONSTRAINT mail_outbox_kind_check CHECK (kind IN ('password-reset', 'email-verification', 'order'));
ALTER TABLE mail_outbox ADD COLUMN payload jsonb, ADD COLUMN dedupe_key text UNIQUE;
