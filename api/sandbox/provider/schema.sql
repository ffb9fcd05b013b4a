-- The sandbox payment provider's own schema, in its own database (SANDBOX_DATABASE_URL), like a real
-- provider's: our ledger never reads these tables. Portable DDL (SQLite and PostgreSQL), created by
-- the sandbox itself on open; idempotent. Times are unix seconds (Stripe's `created`) except the
-- delivery schedule (milliseconds). Card numbers are never stored: only brand, last4, funding,
-- country and the test-card catalogue key (bank accounts: BSB, last4 and the test-account key).
-- Columns added later are also added to an existing database by upgrade.ts.

CREATE TABLE IF NOT EXISTS sandbox_settings (
  key TEXT PRIMARY KEY,
  value TEXT NOT NULL
);

CREATE TABLE IF NOT EXISTS sandbox_accounts (
  id TEXT PRIMARY KEY,
  type TEXT NOT NULL CHECK (type IN ('standard', 'express')),
  email TEXT,
  business_name TEXT,
  charges_enabled INTEGER NOT NULL DEFAULT 0,
  details_submitted INTEGER NOT NULL DEFAULT 0,
  payouts_enabled INTEGER NOT NULL DEFAULT 0,
  deauthorized INTEGER NOT NULL DEFAULT 0,
  created BIGINT NOT NULL
);

CREATE TABLE IF NOT EXISTS sandbox_account_links (
  token TEXT PRIMARY KEY,
  account_id TEXT NOT NULL REFERENCES sandbox_accounts (id),
  business_name TEXT,
  refresh_url TEXT NOT NULL,
  return_url TEXT NOT NULL,
  expires_at BIGINT NOT NULL,
  used_at BIGINT
);

CREATE TABLE IF NOT EXISTS sandbox_oauth_codes (
  code TEXT PRIMARY KEY,
  account_id TEXT NOT NULL REFERENCES sandbox_accounts (id),
  expires_at BIGINT NOT NULL,
  used_at BIGINT
);

CREATE TABLE IF NOT EXISTS sandbox_payment_methods (
  id TEXT PRIMARY KEY,
  account_id TEXT,
  test_card TEXT NOT NULL,
  brand TEXT NOT NULL,
  last4 TEXT NOT NULL,
  funding TEXT NOT NULL,
  country TEXT NOT NULL,
  created BIGINT NOT NULL,
  -- card or au_becs_debit (BECS: the BSB, `last4` of the account, the holder's name and email).
  type TEXT NOT NULL DEFAULT 'card',
  bsb_number TEXT,
  billing_name TEXT,
  billing_email TEXT,
  -- PayTo: the test PayID (null for a BSB + account number).
  pay_id TEXT
);

CREATE TABLE IF NOT EXISTS sandbox_payment_intents (
  id TEXT PRIMARY KEY,
  account_id TEXT NOT NULL,
  client_secret TEXT NOT NULL,
  amount BIGINT NOT NULL CHECK (amount > 0),
  currency TEXT NOT NULL,
  application_fee_amount BIGINT NOT NULL DEFAULT 0 CHECK (application_fee_amount >= 0),
  description TEXT,
  metadata TEXT NOT NULL,
  receipt_email TEXT,
  status TEXT NOT NULL CHECK (status IN ('requires_payment_method', 'requires_confirmation',
    'requires_action', 'processing', 'succeeded', 'canceled')),
  payment_method_id TEXT,
  last_error TEXT,
  charge_id TEXT UNIQUE,
  amount_refunded BIGINT NOT NULL DEFAULT 0 CHECK (amount_refunded >= 0),
  application_fee_refunded BIGINT NOT NULL DEFAULT 0 CHECK (application_fee_refunded >= 0),
  canceled_at BIGINT,
  created BIGINT NOT NULL,
  -- JSON list of the payment method types allowed (null: card only); a processing bank debit settles
  -- (succeeds or fails) at `settles_at` (ms), under the mandate `mandate_id`.
  payment_method_types TEXT,
  settles_at BIGINT,
  mandate_id TEXT,
  CHECK (amount_refunded <= amount)
);
-- (Index on (status, settles_at): created by upgrade.ts, after it adds these columns to an older database.)

CREATE TABLE IF NOT EXISTS sandbox_refunds (
  id TEXT PRIMARY KEY,
  payment_intent_id TEXT NOT NULL REFERENCES sandbox_payment_intents (id),
  amount BIGINT NOT NULL CHECK (amount > 0),
  application_fee_refunded BIGINT NOT NULL DEFAULT 0,
  status TEXT NOT NULL,
  metadata TEXT NOT NULL,
  created BIGINT NOT NULL
);
CREATE INDEX IF NOT EXISTS sandbox_refunds_intent ON sandbox_refunds (payment_intent_id);

-- Stripe-style idempotency: a key is scoped to the account it was sent for.
CREATE TABLE IF NOT EXISTS sandbox_idempotency (
  account_id TEXT NOT NULL,
  idempotency_key TEXT NOT NULL,
  operation TEXT NOT NULL,
  request_hash TEXT NOT NULL,
  response TEXT NOT NULL,
  created BIGINT NOT NULL,
  PRIMARY KEY (account_id, idempotency_key)
);

-- The durable webhook outbox: written in the same transaction as the state change it reports,
-- delivered with retries and back-off (also after a restart) until acknowledged with a 2xx.
CREATE TABLE IF NOT EXISTS sandbox_events (
  id TEXT PRIMARY KEY,
  seq BIGINT NOT NULL,
  type TEXT NOT NULL,
  account_id TEXT,
  payload TEXT NOT NULL,
  created BIGINT NOT NULL,
  status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'delivered', 'failed')),
  attempts INTEGER NOT NULL DEFAULT 0,
  next_attempt_at BIGINT NOT NULL,
  last_status INTEGER,
  last_error TEXT,
  delivered_at BIGINT
);
CREATE INDEX IF NOT EXISTS sandbox_events_due ON sandbox_events (status, next_attempt_at);
CREATE INDEX IF NOT EXISTS sandbox_events_seq ON sandbox_events (seq);

-- Confirmation tokens (`ctoken_…`): what the browser makes from the card details, for the server to
-- price (payment_method_preview) and confirm with. Single use: `payment_intent_id` is set by the
-- confirmation that used it. The card itself lives in the payment method row it points to.
CREATE TABLE IF NOT EXISTS sandbox_confirmation_tokens (
  id TEXT PRIMARY KEY,
  account_id TEXT,
  payment_method_id TEXT NOT NULL REFERENCES sandbox_payment_methods (id),
  created BIGINT NOT NULL,
  expires_at BIGINT NOT NULL,
  payment_intent_id TEXT,
  -- JSON: the customer's acceptance of a mandate (bank debits), as Stripe.js collects it.
  mandate_data TEXT
);

-- Payment method domains (wallets need the page's domain registered on the connected account).
CREATE TABLE IF NOT EXISTS sandbox_payment_method_domains (
  id TEXT PRIMARY KEY,
  account_id TEXT NOT NULL,
  domain_name TEXT NOT NULL,
  enabled INTEGER NOT NULL DEFAULT 1,
  apple_pay_status TEXT NOT NULL,
  google_pay_status TEXT NOT NULL,
  error_message TEXT,
  created BIGINT NOT NULL,
  UNIQUE (account_id, domain_name)
);

-- Disputes opened on a charge (charge.dispute.created): by the BECS test account that is disputed
-- after it succeeds, or by an admin's test-mode request (/api/admin/sandbox/payments/{id}/dispute).
CREATE TABLE IF NOT EXISTS sandbox_disputes (
  id TEXT PRIMARY KEY,
  account_id TEXT NOT NULL,
  payment_intent_id TEXT NOT NULL REFERENCES sandbox_payment_intents (id),
  charge_id TEXT NOT NULL,
  amount BIGINT NOT NULL,
  currency TEXT NOT NULL,
  reason TEXT NOT NULL,
  status TEXT NOT NULL,
  created BIGINT NOT NULL
);
CREATE INDEX IF NOT EXISTS sandbox_disputes_intent ON sandbox_disputes (payment_intent_id);
