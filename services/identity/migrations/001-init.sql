-- outbox (from @pl/service-kit): domain events written in the transaction that made the change
CREATE TABLE outbox (
  id uuid PRIMARY KEY,
  seq bigint GENERATED ALWAYS AS IDENTITY, -- publish order: insertion order, also within one transaction
  subject text NOT NULL,
  type text NOT NULL,
  version int NOT NULL CHECK (version > 0),
  payload jsonb NOT NULL,
  occurred_at timestamptz NOT NULL,
  published_at timestamptz NULL
);
CREATE INDEX outbox_unpublished_idx ON outbox (seq) WHERE published_at IS NULL;
CREATE FUNCTION outbox_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('outbox_' || TG_TABLE_SCHEMA, '');
  RETURN NULL;
END
$$;
CREATE TRIGGER outbox_notify AFTER INSERT ON outbox FOR EACH STATEMENT EXECUTE FUNCTION outbox_notify();
-- end outbox

-- Customers. Usernames and e-mails are unique regardless of case (lower() indexes), as
-- sign-in accepts either in any case.
CREATE TABLE customers (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  username text NOT NULL CHECK (length(username) BETWEEN 1 AND 64),
  email text NOT NULL CHECK (length(email) BETWEEN 3 AND 254),
  first_name text,
  last_name text,
  phone text,
  password_hash text NOT NULL,
  is_admin boolean NOT NULL DEFAULT false,
  email_verified_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX customers_username_key ON customers (lower(username));
CREATE UNIQUE INDEX customers_email_key ON customers (lower(email));
