-- Server-confirmed payments (DESIGN §3.2, §3.4, §4; issue 14). Every attempt names the confirmation
-- token it was confirmed with and the payment method that was quoted; a success charged on another
-- method is recorded (charged = quoted). Declines are counted per pay session, invoice and client
-- address in the database, so the card-testing limits hold across server processes. Domains
-- registered for wallets (Apple Pay, Google Pay) on each merchant's connected account.
ALTER TABLE payments ADD COLUMN confirmation_token TEXT;
ALTER TABLE payments ADD COLUMN quoted_method TEXT;
ALTER TABLE payments ADD COLUMN card_wallet TEXT;
ALTER TABLE payments ADD COLUMN method_mismatch TEXT;

CREATE TABLE decline_counters (
  scope TEXT NOT NULL CHECK (scope IN ('session', 'invoice', 'address')),
  scope_key TEXT NOT NULL,
  window_start TEXT NOT NULL,
  declines INTEGER NOT NULL DEFAULT 0,
  last_decline_at TEXT NOT NULL,
  blocked_until TEXT,
  PRIMARY KEY (scope, scope_key)
);
CREATE INDEX decline_counters_blocked ON decline_counters (blocked_until);

CREATE TABLE payment_method_domains (
  id TEXT PRIMARY KEY,
  merchant_id TEXT NOT NULL REFERENCES merchants (id),
  domain TEXT NOT NULL,
  source TEXT NOT NULL CHECK (source IN ('platform', 'merchant')),
  stripe_account_id TEXT,
  provider_domain_id TEXT,
  apple_pay_status TEXT NOT NULL DEFAULT 'pending',
  google_pay_status TEXT NOT NULL DEFAULT 'pending',
  status_detail TEXT,
  created_by TEXT,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  UNIQUE (merchant_id, domain)
);
