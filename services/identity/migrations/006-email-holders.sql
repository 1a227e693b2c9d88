-- Registration answers the same whether an e-mail address is in use (decision 044). An address
-- belongs to the first account that names it, its holder; another account may name the same address
-- (a registration, an e-mail change) without holding it: it cannot sign in with it, confirm it or
-- reset a password through it, and its verification mail becomes a notice to the address instead.
-- Every account so far holds its address (the old unique index said so).
ALTER TABLE customers ADD COLUMN holds_email boolean NOT NULL DEFAULT true;
DROP INDEX customers_email_key;
CREATE UNIQUE INDEX customers_email_key ON customers (lower(email)) WHERE holds_email;

-- The notices ("someone used your address") sent to an address, counted so nobody can flood a
-- mailbox with them by registering over and over.
CREATE INDEX mail_outbox_address_notices_idx ON mail_outbox (lower(to_address), done_at) WHERE outcome = 'address-in-use';
