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
