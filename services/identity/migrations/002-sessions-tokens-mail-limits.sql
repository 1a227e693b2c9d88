-- Sign-in needs to tell a username from an e-mail: an identifier with an @ is an e-mail, so a
-- username never holds one (else one customer's username could be another's e-mail).
ALTER TABLE customers ADD CONSTRAINT customers_username_no_at CHECK (position('@' in username) = 0);

-- Server-side sessions behind the gateway's short-lived JWTs (decision 003). The id is the JWT's
-- `sid`: 256 random bits, base64url. Not a secret on its own (a token needs the gateway's key),
-- but unguessable all the same.
CREATE TABLE sessions (
  id text PRIMARY KEY CHECK (length(id) BETWEEN 22 AND 128),
  customer_id uuid NOT NULL REFERENCES customers (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_seen_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  revoked_at timestamptz,
  user_agent text,
  ip text
);
CREATE INDEX sessions_customer_active_idx ON sessions (customer_id) WHERE revoked_at IS NULL;

-- One-time links sent by mail. Only the SHA-256 of the 256-bit token is stored; `email` is the
-- address the link went to (a verification link dies when the address changes).
CREATE TABLE email_tokens (
  token_hash bytea PRIMARY KEY CHECK (length(token_hash) = 32),
  purpose text NOT NULL CHECK (purpose IN ('password-reset', 'email-verification')),
  customer_id uuid NOT NULL REFERENCES customers (id) ON DELETE CASCADE,
  email text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE INDEX email_tokens_customer_idx ON email_tokens (customer_id, purpose, created_at);

-- Mail to send. A row is an intent ("send a reset link to this address"), not a rendered message:
-- the dispatcher mints the link's token when it sends, so no raw token ever sits in this table.
-- A forgot-password request for an unknown address is a row like any other (the answer and the
-- work of the request are the same for known and unknown addresses); the dispatcher drops it.
CREATE TABLE mail_outbox (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  kind text NOT NULL CHECK (kind IN ('password-reset', 'email-verification')),
  customer_id uuid REFERENCES customers (id) ON DELETE CASCADE,
  to_address text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  next_attempt_at timestamptz NOT NULL DEFAULT now(),
  attempts int NOT NULL DEFAULT 0,
  done_at timestamptz,
  -- sent | no-account | throttled | stale | failed
  outcome text,
  last_error text
);
CREATE INDEX mail_outbox_pending_idx ON mail_outbox (next_attempt_at, id) WHERE done_at IS NULL;

-- Where mail goes when SMTP_URL is unset (development, tests): readable at /api/auth/dev/mailbox.
CREATE TABLE dev_mailbox (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  to_address text NOT NULL,
  subject text NOT NULL,
  text_body text NOT NULL,
  html_body text NOT NULL,
  links jsonb NOT NULL DEFAULT '[]',
  sent_at timestamptz NOT NULL DEFAULT now()
);

-- Every sign-in attempt, for the brute-force limits of decision 010. `account_key` is the customer
-- id, or the normalised identifier when no account matches (unknown names are limited alike, so a
-- 429 says nothing about whether an account exists). A row is written as failed before the
-- password is checked and turned into a success after, so concurrent guesses count at once.
CREATE TABLE login_attempts (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  account_key text NOT NULL,
  ip text NOT NULL,
  succeeded boolean NOT NULL DEFAULT false,
  at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX login_attempts_account_idx ON login_attempts (account_key, at);
CREATE INDEX login_attempts_ip_idx ON login_attempts (ip, at) WHERE NOT succeeded;

-- Sliding-window counters for the other per-client and per-customer limits (register,
-- forgot-password, reset, verification, password change).
CREATE TABLE rate_limit_hits (
  bucket text NOT NULL,
  key text NOT NULL,
  at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX rate_limit_hits_idx ON rate_limit_hits (bucket, key, at);
