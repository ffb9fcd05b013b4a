-- The one schema of the product. Portable DDL: runs unchanged on SQLite and PostgreSQL.
-- Conventions: TEXT UUID ids; BIGINT integer minor-unit amounts with CHECK (>= 0); ISO-8601 UTC text
-- timestamps (sortable); INTEGER 0/1 booleans; JSON as TEXT. A fresh database gets this file whole;
-- an existing one gets the numbered migrations in api/db/migrations/ (this file always equals
-- "every migration applied"). Statements end with a semicolon at the end of a line.

CREATE TABLE users (
  id TEXT PRIMARY KEY,
  email TEXT NOT NULL UNIQUE,
  password_hash TEXT NOT NULL,
  role TEXT NOT NULL DEFAULT 'user' CHECK (role IN ('user', 'admin')),
  email_verified_at TEXT,
  last_sign_in_at TEXT,
  failed_login_count INTEGER NOT NULL DEFAULT 0 CHECK (failed_login_count >= 0),
  locked_until TEXT,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  -- In every access token; sign-out, password reset, refresh-token theft and role change bump it.
  session_version INTEGER NOT NULL DEFAULT 0
);

CREATE TABLE refresh_tokens (
  id TEXT PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  family_id TEXT NOT NULL,
  token_hash TEXT NOT NULL UNIQUE,
  expires_at TEXT NOT NULL,
  used_at TEXT,
  revoked_at TEXT,
  created_at TEXT NOT NULL
);
CREATE INDEX refresh_tokens_family ON refresh_tokens (family_id);
CREATE INDEX refresh_tokens_user ON refresh_tokens (user_id);

-- Single-use, expiring tokens mailed to users: email verification and password reset.
CREATE TABLE account_tokens (
  id TEXT PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  purpose TEXT NOT NULL CHECK (purpose IN ('verify_email', 'reset_password')),
  token_hash TEXT NOT NULL UNIQUE,
  expires_at TEXT NOT NULL,
  used_at TEXT,
  created_at TEXT NOT NULL
);
CREATE INDEX account_tokens_user ON account_tokens (user_id, purpose);

-- Outgoing mail. Without SMTP_URL mail is captured here (and logged) so flows work offline.
CREATE TABLE emails (
  id TEXT PRIMARY KEY,
  to_address TEXT NOT NULL,
  subject TEXT NOT NULL,
  text_body TEXT NOT NULL,
  html_body TEXT,
  kind TEXT NOT NULL,
  status TEXT NOT NULL DEFAULT 'captured' CHECK (status IN ('captured', 'sent', 'failed')),
  error TEXT,
  created_at TEXT NOT NULL
);
CREATE INDEX emails_to ON emails (to_address, created_at);

CREATE TABLE merchants (
  id TEXT PRIMARY KEY,
  shortcode TEXT NOT NULL UNIQUE,
  business_name TEXT NOT NULL,
  name TEXT NOT NULL,
  email TEXT NOT NULL,
  phone TEXT,
  description TEXT,
  status TEXT NOT NULL DEFAULT 'active',
  surcharge_enabled INTEGER NOT NULL DEFAULT 1 CHECK (surcharge_enabled IN (0, 1)),
  surcharge_bps INTEGER NOT NULL DEFAULT 295 CHECK (surcharge_bps >= 0 AND surcharge_bps <= 500),
  surcharge_rules TEXT,
  -- ISO 3166-1 alpha-2 country of the merchant, for domestic/international surcharge rules.
  country TEXT NOT NULL DEFAULT 'AU',
  xero_payment_url TEXT,
  stripe_account_id TEXT,
  stripe_connect_id TEXT,
  stripe_onboarding_complete INTEGER NOT NULL DEFAULT 0 CHECK (stripe_onboarding_complete IN (0, 1)),
  stripe_charges_enabled INTEGER NOT NULL DEFAULT 0 CHECK (stripe_charges_enabled IN (0, 1)),
  stripe_connect_status TEXT,
  metadata TEXT,
  make_webhook_url TEXT,
  make_scenario_id TEXT,
  webhook_secret TEXT,
  xero_integration_status TEXT NOT NULL DEFAULT 'not_configured',
  deleted_at TEXT,
  created_at TEXT NOT NULL,
  last_updated TEXT NOT NULL,
  -- IANA time zone: accounting dates are the merchant's local date (migration 030).
  time_zone TEXT NOT NULL DEFAULT 'Australia/Sydney',
  -- AU BECS Direct Debit (migration 040): offered on AUD invoices when on, from an optional minimum
  -- invoice amount (minor units), with its own surcharge (basis points, 0 = none; optional cap).
  becs_enabled INTEGER NOT NULL DEFAULT 0 CHECK (becs_enabled IN (0, 1)),
  becs_minimum_amount BIGINT CHECK (becs_minimum_amount > 0),
  becs_surcharge_bps INTEGER NOT NULL DEFAULT 0 CHECK (becs_surcharge_bps >= 0 AND becs_surcharge_bps <= 500),
  becs_surcharge_cap BIGINT CHECK (becs_surcharge_cap >= 0),
  -- PayTo (migration 072): the same policy as BECS, its own switch, minimum and surcharge rule.
  payto_enabled INTEGER NOT NULL DEFAULT 0 CHECK (payto_enabled IN (0, 1)),
  payto_minimum_amount BIGINT CHECK (payto_minimum_amount > 0),
  payto_surcharge_bps INTEGER NOT NULL DEFAULT 0 CHECK (payto_surcharge_bps >= 0 AND payto_surcharge_bps <= 500),
  payto_surcharge_cap BIGINT CHECK (payto_surcharge_cap >= 0),
  -- The hosted pay page's logo (an https URL) and brand colour (#rrggbb) (migration 050).
  logo_url TEXT,
  brand_color TEXT,
  -- Automation webhook payload version and the previous secret, valid until the time given (migration 062).
  webhook_version TEXT NOT NULL DEFAULT 'v1' CHECK (webhook_version IN ('v1', '2026-11')),
  webhook_secret_previous TEXT,
  webhook_secret_previous_until TEXT,
  -- Ordinary pay links show the invoice's lines, dates and PDF from the tool (migration 066).
  invoice_details_on_links INTEGER NOT NULL DEFAULT 0 CHECK (invoice_details_on_links IN (0, 1)),
  -- The most a staff member may refund at once (minor units); NULL: any amount (migration 069).
  staff_refund_limit BIGINT CHECK (staff_refund_limit >= 0),
  -- The automation webhook's event types, a JSON array; NULL: its version's default (migration 071).
  webhook_enabled_events TEXT,
  -- The operator's review: why, when and by whom the status was last set (migration 077).
  status_reason TEXT,
  status_changed_at TEXT,
  status_changed_by TEXT,
  -- When the surcharge was chosen (saved, or set at creation); NULL: the default, not yet confirmed (078).
  surcharge_chosen_at TEXT
);
CREATE INDEX merchants_created ON merchants (created_at);
CREATE INDEX merchants_stripe_account ON merchants (stripe_account_id);

-- A merchant's direct connection to Xero or QuickBooks Online (tokens encrypted at rest).
CREATE TABLE accounting_connections (
  id TEXT PRIMARY KEY,
  merchant_id TEXT NOT NULL UNIQUE REFERENCES merchants (id),
  provider TEXT NOT NULL CHECK (provider IN ('xero', 'quickbooks')),
  tenant_id TEXT,
  tenant_name TEXT,
  access_token_enc TEXT,
  refresh_token_enc TEXT,
  token_expires_at TEXT,
  payment_account_code TEXT,
  surcharge_account_code TEXT,
  status TEXT NOT NULL DEFAULT 'connected',
  last_error TEXT,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  -- The OAuth scopes granted (NULL: not recorded yet) and where credit notes are booked (migration 031).
  granted_scopes TEXT,
  credit_account_code TEXT
);

-- One invoice per merchant + normalised invoice number + currency: the server-side ledger (DESIGN
-- §3.3). `invoice_number` is the number as first written; `number_key` identifies it
-- (core/invoice-number.ts: NFKC, invisible characters removed, dashes folded, trimmed, case-folded).
CREATE TABLE invoices (
  id TEXT PRIMARY KEY,
  merchant_id TEXT NOT NULL REFERENCES merchants (id),
  invoice_number TEXT NOT NULL,
  currency TEXT NOT NULL,
  paid_amount BIGINT NOT NULL DEFAULT 0 CHECK (paid_amount >= 0),
  reserved_amount BIGINT NOT NULL DEFAULT 0 CHECK (reserved_amount >= 0),
  written_back_amount BIGINT NOT NULL DEFAULT 0,
  -- min over credible, undismissed observations of (link amount + written-back net at observation);
  -- NULL = none. Kept by api/invoices/repository.ts from the one rule in api/invoices/ledger.ts.
  credible_limit BIGINT,
  -- Bumped by every change to the invoice or its payments' statuses (cache validation).
  version BIGINT NOT NULL DEFAULT 0,
  overpaid INTEGER NOT NULL DEFAULT 0 CHECK (overpaid IN (0, 1)),
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  -- Written off: admin write-offs of sub-minimum remainders plus credit refunds (migration 011).
  written_off_amount BIGINT NOT NULL DEFAULT 0 CHECK (written_off_amount >= 0),
  -- Why the console lists it under "Needs attention", if it does (api/invoices/ledger.ts).
  attention TEXT CHECK (attention IN ('overpaid', 'capped', 'below_minimum')),
  -- Migrations 012 and 013.
  number_key TEXT NOT NULL,
  -- When its balance through us reached 0 (`invoice.paid`); NULL while due (migration 062).
  paid_at TEXT,
  -- Tie-breaker after created_at for rows of the same millisecond (migration 073, api/db/sequence.ts).
  seq BIGINT NOT NULL DEFAULT 0,
  UNIQUE (merchant_id, invoice_number, currency)
);
CREATE UNIQUE INDEX invoices_number_key ON invoices (merchant_id, number_key, currency);
CREATE INDEX invoices_attention ON invoices (attention, updated_at);

-- Link amounts seen for an invoice (DESIGN §3.3). Credible once a payment succeeded against it; an
-- admin may dismiss one (audited), which takes it out of the balance.
CREATE TABLE invoice_observations (
  id TEXT PRIMARY KEY,
  invoice_id TEXT NOT NULL REFERENCES invoices (id),
  amount BIGINT NOT NULL CHECK (amount >= 0),
  written_back_at_observation BIGINT NOT NULL,
  credible INTEGER NOT NULL DEFAULT 0 CHECK (credible IN (0, 1)),
  observed_at TEXT NOT NULL,
  -- link: a payment link's amount; live: the connected accounting tool's amount due; typed: an
  -- amount due given directly in an API request (no pay page observed it). Migration 011.
  source TEXT NOT NULL DEFAULT 'link' CHECK (source IN ('link', 'typed', 'live')),
  credible_at TEXT,
  dismissed_at TEXT,
  dismissed_by TEXT,
  dismissed_reason TEXT,
  UNIQUE (invoice_id, amount, written_back_at_observation)
);

-- Remainders below the card minimum written off by an admin (DESIGN §3.3; audited). A term of the
-- balance like a payment; written back (recorded_*) once the accounting tool has it.
CREATE TABLE invoice_write_offs (
  id TEXT PRIMARY KEY,
  invoice_id TEXT NOT NULL REFERENCES invoices (id),
  amount BIGINT NOT NULL CHECK (amount > 0),
  reason TEXT NOT NULL,
  observation_id TEXT REFERENCES invoice_observations (id),
  created_by TEXT,
  created_at TEXT NOT NULL,
  recorded_at TEXT,
  recorded_source TEXT CHECK (recorded_source IN ('xero', 'quickbooks', 'webhook', 'manual')),
  recorded_by TEXT
);
CREATE INDEX invoice_write_offs_invoice ON invoice_write_offs (invoice_id, created_at);

CREATE TABLE payments (
  id TEXT PRIMARY KEY,
  merchant_id TEXT NOT NULL REFERENCES merchants (id),
  invoice_id TEXT REFERENCES invoices (id),
  observation_id TEXT REFERENCES invoice_observations (id),
  invoice_number TEXT NOT NULL,
  currency TEXT NOT NULL DEFAULT 'AUD',
  amount BIGINT NOT NULL CHECK (amount >= 0),
  surcharge BIGINT NOT NULL DEFAULT 0 CHECK (surcharge >= 0),
  surcharge_bps INTEGER NOT NULL DEFAULT 0 CHECK (surcharge_bps >= 0),
  surcharge_rule TEXT,
  platform_fee BIGINT NOT NULL DEFAULT 0 CHECK (platform_fee >= 0),
  total_amount BIGINT NOT NULL CHECK (total_amount >= 0),
  refunded_amount BIGINT NOT NULL DEFAULT 0 CHECK (refunded_amount >= 0),
  refunded_surcharge BIGINT NOT NULL DEFAULT 0 CHECK (refunded_surcharge >= 0),
  link_amount BIGINT CHECK (link_amount >= 0),
  provider TEXT NOT NULL DEFAULT 'sandbox',
  payment_intent_id TEXT UNIQUE,
  session_id TEXT,
  pay_session_id TEXT,
  stripe_connect_account_id TEXT,
  -- What rebuilds the provider's create request exactly (a retry or the expiry sweep re-sends it
  -- under the same key to find an intent whose id was never recorded): migration 001.
  provider_idempotency_key TEXT,
  payment_method_id TEXT,
  -- Server-side confirmation (migration 002): the token confirmed with, the method quoted (JSON: type,
  -- brand, funding, country, wallet), and a difference between it and the method charged (JSON).
  confirmation_token TEXT,
  quoted_method TEXT,
  method_mismatch TEXT,
  status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'requires_action', 'processing',
    'succeeded', 'failed', 'canceled', 'expired', 'partially_refunded', 'refunded')),
  reserved_until TEXT,
  customer_email TEXT,
  -- The payer's IP (card-testing defence: declines per IP slow further attempts down).
  client_ip TEXT,
  card_brand TEXT,
  card_last4 TEXT,
  card_funding TEXT,
  card_country TEXT,
  card_wallet TEXT,
  failure_code TEXT,
  failure_message TEXT,
  xero_sync_status TEXT,
  xero_sync_time TEXT,
  xero_sync_error TEXT,
  succeeded_at TEXT,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  -- Bank debits (migration 040): `card` or `au_becs_debit`; the account's BSB and last four digits;
  -- the mandate; when the debit started processing and the (merchant-local) date it should clear by;
  -- the latest dispute's status (payment_disputes).
  method_type TEXT NOT NULL DEFAULT 'card',
  bank_bsb TEXT,
  bank_last4 TEXT,
  mandate_reference TEXT,
  processing_at TEXT,
  clears_by TEXT,
  dispute_status TEXT,
  -- PayTo (migration 072): the PayID paid from, masked (the account's BSB/last four and the mandate
  -- go in the bank columns above).
  payto_pay_id TEXT,
  -- The embedding page's reference (the widget's `reference` attribute) (migration 050).
  reference TEXT,
  -- Tie-breaker after created_at for rows of the same millisecond (migration 067, api/db/sequence.ts).
  seq BIGINT NOT NULL DEFAULT 0,
  -- The integrator's key-value data, a JSON object of strings; a link's to start with (migration 070).
  metadata TEXT
);
CREATE INDEX payments_created ON payments (created_at);
CREATE INDEX payments_dispute_status ON payments (dispute_status, created_at);
CREATE INDEX payments_merchant_created ON payments (merchant_id, created_at);
CREATE INDEX payments_status_created ON payments (status, created_at);
CREATE INDEX payments_invoice_number ON payments (invoice_number);
CREATE INDEX payments_invoice ON payments (invoice_id, status);
CREATE INDEX payments_pay_session ON payments (pay_session_id);
CREATE INDEX payments_reserved_until ON payments (status, reserved_until);

-- Disputes the provider reports on a payment (charge.dispute.*): one row per provider dispute, its
-- latest status (migration 040). A dispute is recorded and shown; it does not move the ledger.
CREATE TABLE payment_disputes (
  id TEXT PRIMARY KEY,
  payment_id TEXT NOT NULL REFERENCES payments (id),
  provider_dispute_id TEXT NOT NULL UNIQUE,
  amount BIGINT NOT NULL CHECK (amount >= 0),
  currency TEXT NOT NULL,
  reason TEXT,
  status TEXT NOT NULL,
  evidence_due_by TEXT,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  -- Tie-breaker after created_at for rows of the same millisecond (migration 067, api/db/sequence.ts).
  seq BIGINT NOT NULL DEFAULT 0
);
CREATE INDEX payment_disputes_payment ON payment_disputes (payment_id, created_at);

-- Customer and merchant emails about a bank debit (receipt when it clears, notice when it fails),
-- queued in the transaction that records the provider's final word and then mailed: at least once,
-- once per payment and kind (migration 040; api/payments/notices/notices.ts).
CREATE TABLE payment_notices (
  id TEXT PRIMARY KEY,
  payment_id TEXT NOT NULL REFERENCES payments (id),
  kind TEXT NOT NULL CHECK (kind IN ('debit_cleared', 'debit_failed', 'merchant_debit_failed', 'card_receipt', 'refund_issued')),
  -- What the notice is about beyond its payment: a refund's id; '' otherwise (migration 079).
  ref TEXT NOT NULL DEFAULT '',
  to_address TEXT NOT NULL,
  status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sent')),
  attempts INTEGER NOT NULL DEFAULT 0 CHECK (attempts >= 0),
  next_attempt_at TEXT NOT NULL,
  created_at TEXT NOT NULL,
  sent_at TEXT,
  UNIQUE (payment_id, kind, ref)
);
CREATE INDEX payment_notices_due ON payment_notices (status, next_attempt_at);

-- Provider declines counted per pay session, invoice and client address (card-testing defence,
-- DESIGN §3.4): a fixed window per key; past the limit the key is blocked until `blocked_until`.
CREATE TABLE decline_counters (
  scope TEXT NOT NULL CHECK (scope IN ('session', 'invoice', 'address', 'merchant', 'platform')),
  scope_key TEXT NOT NULL,
  window_start TEXT NOT NULL,
  declines INTEGER NOT NULL DEFAULT 0,
  last_decline_at TEXT NOT NULL,
  blocked_until TEXT,
  PRIMARY KEY (scope, scope_key)
);
CREATE INDEX decline_counters_blocked ON decline_counters (blocked_until);

-- Proof-of-work challenges already used (api/payments/create/challenge.ts): each solves one quote. Rows
-- live until the challenge expires.
CREATE TABLE challenge_uses (
  challenge TEXT PRIMARY KEY,
  expires_at TEXT NOT NULL
);
CREATE INDEX challenge_uses_expires ON challenge_uses (expires_at);

CREATE TABLE unpaid_holds (
  merchant_id TEXT NOT NULL,
  scope TEXT NOT NULL CHECK (scope IN ('session', 'address')),
  scope_key TEXT NOT NULL,
  ended_at TEXT NOT NULL,
  PRIMARY KEY (merchant_id, scope, scope_key)
);
CREATE INDEX unpaid_holds_ended ON unpaid_holds (ended_at);

-- Domains registered for wallets on a merchant's connected account (Stripe Payment Method Domains):
-- the platform's own host when the merchant is onboarded, and the merchant's sites added by an admin.
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

CREATE TABLE refunds (
  id TEXT PRIMARY KEY,
  payment_id TEXT NOT NULL REFERENCES payments (id),
  amount BIGINT NOT NULL CHECK (amount > 0),
  surcharge BIGINT NOT NULL DEFAULT 0 CHECK (surcharge >= 0),
  platform_fee_refunded BIGINT NOT NULL DEFAULT 0 CHECK (platform_fee_refunded >= 0),
  total_amount BIGINT NOT NULL CHECK (total_amount > 0),
  provider_refund_id TEXT UNIQUE,
  status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'succeeded', 'failed', 'canceled')),
  reason TEXT,
  created_by TEXT,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  kind TEXT NOT NULL DEFAULT 'reopen' CHECK (kind IN ('credit', 'reopen')),
  -- Tie-breaker after created_at for rows of the same millisecond (migration 067, api/db/sequence.ts).
  seq BIGINT NOT NULL DEFAULT 0,
  -- The integrator's key-value data, a JSON object of strings (migration 070).
  metadata TEXT
);
CREATE INDEX refunds_payment ON refunds (payment_id);

-- Payments and refunds written back to the accounting tool (DESIGN §3.3 S(t)). One row per subject.
CREATE TABLE accounting_writebacks (
  id TEXT PRIMARY KEY,
  invoice_id TEXT NOT NULL REFERENCES invoices (id),
  payment_id TEXT NOT NULL REFERENCES payments (id),
  refund_id TEXT REFERENCES refunds (id),
  subject_id TEXT NOT NULL UNIQUE,
  amount BIGINT NOT NULL,
  source TEXT NOT NULL CHECK (source IN ('xero', 'quickbooks', 'webhook', 'manual')),
  created_by TEXT,
  created_at TEXT NOT NULL
);
CREATE INDEX accounting_writebacks_invoice ON accounting_writebacks (invoice_id, created_at);

-- What a connector has put in the merchant's Xero/QuickBooks for one payment, so a retry or a
-- refund changes exactly that (the payment on the invoice and the separate surcharge record).
CREATE TABLE accounting_records (
  payment_id TEXT PRIMARY KEY REFERENCES payments (id),
  provider TEXT NOT NULL CHECK (provider IN ('xero', 'quickbooks')),
  external_invoice_id TEXT,
  external_payment_id TEXT,
  payment_amount BIGINT NOT NULL DEFAULT 0 CHECK (payment_amount >= 0),
  external_surcharge_id TEXT,
  surcharge_amount BIGINT NOT NULL DEFAULT 0 CHECK (surcharge_amount >= 0),
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);

-- What a connector created in Xero / QuickBooks for a refund or a write-off (one row per record: credit
-- note, cash refund, surcharge refund, replaced payment, ...), shown on the console's payment page.
CREATE TABLE accounting_entries (
  id TEXT PRIMARY KEY,
  provider TEXT NOT NULL CHECK (provider IN ('xero', 'quickbooks')),
  merchant_id TEXT NOT NULL REFERENCES merchants (id),
  payment_id TEXT REFERENCES payments (id),
  subject_type TEXT NOT NULL CHECK (subject_type IN ('refund', 'write_off')),
  subject_id TEXT NOT NULL,
  step TEXT NOT NULL,
  external_id TEXT NOT NULL,
  external_number TEXT,
  amount BIGINT NOT NULL,
  currency TEXT NOT NULL,
  entry_date TEXT NOT NULL,
  created_at TEXT NOT NULL,
  -- Tie-breaker after created_at for rows of the same millisecond (migration 067, api/db/sequence.ts).
  seq BIGINT NOT NULL DEFAULT 0,
  UNIQUE (provider, subject_id, step)
);
CREATE INDEX accounting_entries_payment ON accounting_entries (payment_id);
CREATE INDEX accounting_entries_subject ON accounting_entries (subject_id);
-- A refund or write-off the accounting tool refused for a reason a person must fix first (a reconciled
-- payment): listed under "Needs attention" with the step to take; removed once it is recorded.
CREATE TABLE accounting_attention (
  subject_id TEXT PRIMARY KEY,
  subject_type TEXT NOT NULL CHECK (subject_type IN ('refund', 'write_off')),
  provider TEXT NOT NULL CHECK (provider IN ('xero', 'quickbooks')),
  merchant_id TEXT NOT NULL REFERENCES merchants (id),
  payment_id TEXT REFERENCES payments (id),
  message TEXT NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX accounting_attention_created ON accounting_attention (created_at);

-- Provider webhook events, deduplicated by event id.
CREATE TABLE payment_events (
  id TEXT PRIMARY KEY,
  type TEXT NOT NULL,
  object_id TEXT,
  account_id TEXT,
  received_at TEXT NOT NULL,
  processed_at TEXT,
  -- Tie-breaker after created_at for rows of the same millisecond (migration 067, api/db/sequence.ts).
  seq BIGINT NOT NULL DEFAULT 0
);

CREATE TABLE idempotency_keys (
  scope TEXT NOT NULL,
  idem_key TEXT NOT NULL,
  request_hash TEXT NOT NULL,
  response_status INTEGER,
  response_body TEXT,
  -- The payment this key stands for (fixed when first claimed) and when a run last claimed the key
  -- (NULL: no run holds it); an unanswered claim older than the lease is resumed: migration 001.
  payment_id TEXT,
  claimed_at TEXT,
  created_at TEXT NOT NULL,
  PRIMARY KEY (scope, idem_key)
);

-- Single-use, expiring nonces (Stripe Connect OAuth state, onboarding returns).
CREATE TABLE oauth_states (
  nonce TEXT PRIMARY KEY,
  merchant_id TEXT NOT NULL REFERENCES merchants (id),
  purpose TEXT NOT NULL,
  expires_at TEXT NOT NULL,
  used_at TEXT,
  created_at TEXT NOT NULL
);

-- Accounting sync jobs, enqueued in the transaction that records the payment or refund.
CREATE TABLE outbox (
  id TEXT PRIMARY KEY,
  kind TEXT NOT NULL CHECK (kind IN ('automation_webhook', 'xero', 'quickbooks')),
  merchant_id TEXT NOT NULL REFERENCES merchants (id),
  payment_id TEXT REFERENCES payments (id),
  refund_id TEXT REFERENCES refunds (id),
  idempotency_key TEXT NOT NULL UNIQUE,
  payload TEXT NOT NULL,
  -- canceled: the subject no longer needs syncing (a refund the provider refused).
  status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'processing', 'delivered', 'failed', 'canceled')),
  attempts INTEGER NOT NULL DEFAULT 0 CHECK (attempts >= 0),
  next_attempt_at TEXT NOT NULL,
  locked_until TEXT,
  last_error TEXT,
  last_response_status INTEGER,
  delivered_at TEXT,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  -- The write-off a `payment.write_off` job delivers (migration 011).
  write_off_id TEXT REFERENCES invoice_write_offs (id),
  -- Tie-breaker after created_at for rows of the same millisecond (migration 067, api/db/sequence.ts).
  seq BIGINT NOT NULL DEFAULT 0,
  -- Webhook jobs (migration 071): the endpoint (NULL: the automation webhook), the event, and the
  -- Idempotency-Key sent (NULL: idempotency_key; a resend repeats the first delivery's).
  endpoint_id TEXT,
  event_id TEXT,
  send_key TEXT,
  -- The format of its kind the job is written in (migration 074): a release claims only the kinds
  -- and formats it understands, so a rollback leaves a newer release's jobs waiting for it.
  format INTEGER NOT NULL DEFAULT 1
);
CREATE INDEX outbox_due ON outbox (status, next_attempt_at);
CREATE INDEX outbox_payment ON outbox (payment_id);
CREATE INDEX outbox_event ON outbox (event_id);

CREATE TABLE audit_log (
  id TEXT PRIMARY KEY,
  actor_id TEXT,
  actor_email TEXT,
  action TEXT NOT NULL,
  target_type TEXT,
  target_id TEXT,
  details TEXT,
  ip TEXT,
  created_at TEXT NOT NULL,
  -- Tie-breaker after created_at for rows of the same millisecond (migration 067, api/db/sequence.ts).
  seq BIGINT NOT NULL DEFAULT 0,
  -- The merchant the entry concerns, when it concerns one (migration 068): owners read their own.
  merchant_id TEXT
);
CREATE INDEX audit_log_created ON audit_log (created_at);
CREATE INDEX audit_log_target ON audit_log (target_type, target_id);
CREATE INDEX audit_log_merchant ON audit_log (merchant_id, created_at);

CREATE TABLE prospects (
  id TEXT PRIMARY KEY,
  name TEXT NOT NULL,
  email TEXT NOT NULL,
  phone TEXT,
  company_name TEXT NOT NULL,
  source TEXT NOT NULL DEFAULT 'website_contact_form',
  status TEXT NOT NULL DEFAULT 'new',
  created_at TEXT NOT NULL
);
CREATE INDEX prospects_created ON prospects (created_at);

CREATE TABLE webhook_tests (
  id TEXT PRIMARY KEY,
  merchant_id TEXT NOT NULL REFERENCES merchants (id),
  webhook_url TEXT NOT NULL,
  test_data TEXT NOT NULL,
  status TEXT NOT NULL,
  response_status INTEGER,
  error_message TEXT,
  created_at TEXT NOT NULL
);
CREATE INDEX webhook_tests_merchant ON webhook_tests (merchant_id, created_at);

CREATE TABLE blogs (
  id TEXT PRIMARY KEY,
  title TEXT NOT NULL,
  slug TEXT NOT NULL UNIQUE,
  summary TEXT,
  content TEXT NOT NULL,
  author TEXT,
  image_url TEXT,
  tags TEXT NOT NULL DEFAULT '[]',
  status TEXT NOT NULL DEFAULT 'published' CHECK (status IN ('published', 'draft')),
  published_at TEXT,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX blogs_published ON blogs (status, published_at);

-- Small facts about this database, e.g. which demo-seed steps have run.
CREATE TABLE app_meta (
  key TEXT PRIMARY KEY,
  value TEXT NOT NULL
);

-- Abuse-limit counters shared by every server process on one PostgreSQL database: one row per rule
-- and key (a hash), counted by one atomic upsert per check; rows whose window has ended are swept.
-- SQLite (one process) keeps its counters in memory and leaves this table empty.
CREATE TABLE rate_limit_counters (
  key TEXT PRIMARY KEY,
  hits INTEGER NOT NULL CHECK (hits >= 0),
  resets_at TEXT NOT NULL
);
CREATE INDEX rate_limit_counters_resets_at ON rate_limit_counters (resets_at);

-- Scoped API keys for integrators (issue 20, docs/api.md): created by an admin, shown once, stored as
-- a SHA-256 hash. `merchant_id` NULL = every merchant; `permission` read or write (payments,
-- invoices, refunds, pay links); `mode` is the provider mode the key was made for (ip_live_ / ip_test_).
-- Who may sign in to which merchant's part of the console, and invitations (migration 068, docs/auth.md).
CREATE TABLE merchant_members (
  merchant_id TEXT NOT NULL REFERENCES merchants (id),
  user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  role TEXT NOT NULL CHECK (role IN ('owner', 'staff', 'developer')),
  invited_by TEXT,
  created_at TEXT NOT NULL,
  PRIMARY KEY (merchant_id, user_id)
);
CREATE INDEX merchant_members_user ON merchant_members (user_id);
CREATE TABLE merchant_invitations (
  id TEXT PRIMARY KEY,
  merchant_id TEXT NOT NULL REFERENCES merchants (id),
  email TEXT NOT NULL,
  role TEXT NOT NULL CHECK (role IN ('owner', 'staff', 'developer')),
  token_hash TEXT NOT NULL UNIQUE,
  invited_by TEXT,
  expires_at TEXT NOT NULL,
  accepted_at TEXT,
  accepted_by TEXT,
  revoked_at TEXT,
  created_at TEXT NOT NULL
);
CREATE INDEX merchant_invitations_merchant ON merchant_invitations (merchant_id, created_at);

CREATE TABLE api_keys (
  id TEXT PRIMARY KEY,
  name TEXT NOT NULL,
  prefix TEXT NOT NULL,
  key_hash TEXT NOT NULL UNIQUE,
  mode TEXT NOT NULL CHECK (mode IN ('live', 'test')),
  merchant_id TEXT REFERENCES merchants (id),
  permission TEXT NOT NULL CHECK (permission IN ('read', 'write')),
  expires_at TEXT,
  revoked_at TEXT,
  revoked_by TEXT,
  created_by TEXT,
  created_by_email TEXT,
  last_used_at TEXT,
  last_used_ip TEXT,
  created_at TEXT NOT NULL
);
CREATE INDEX api_keys_created ON api_keys (created_at);

-- Signed pay links made through the API (POST /api/v1/pay-links): the link's amount is authoritative,
-- so its observation is credible from the start (DESIGN §3.3). `written_back_at_creation` is S when it
-- was made (the observation's S_i); `short_code` is the /l/{code} short link.
CREATE TABLE pay_links (
  id TEXT PRIMARY KEY,
  merchant_id TEXT NOT NULL REFERENCES merchants (id),
  invoice_id TEXT NOT NULL REFERENCES invoices (id),
  observation_id TEXT NOT NULL REFERENCES invoice_observations (id),
  invoice_number TEXT NOT NULL,
  currency TEXT NOT NULL,
  amount BIGINT NOT NULL CHECK (amount > 0),
  written_back_at_creation BIGINT NOT NULL,
  reference TEXT,
  customer_email TEXT,
  short_code TEXT NOT NULL UNIQUE,
  expires_at TEXT,
  canceled_at TEXT,
  created_by TEXT,
  created_at TEXT NOT NULL,
  -- The integrator's key-value data, a JSON object of strings (migration 070).
  metadata TEXT,
  -- Tie-breaker after created_at for rows of the same millisecond (migration 073, api/db/sequence.ts).
  seq BIGINT NOT NULL DEFAULT 0
);
CREATE INDEX pay_links_merchant_created ON pay_links (merchant_id, created_at);
CREATE INDEX pay_links_observation ON pay_links (observation_id);

-- Every automation webhook delivery attempt with its request and response (migration 062).
CREATE TABLE webhook_deliveries (
  id TEXT PRIMARY KEY,
  merchant_id TEXT NOT NULL REFERENCES merchants (id),
  outbox_id TEXT,
  event TEXT NOT NULL,
  url TEXT NOT NULL,
  request_headers TEXT NOT NULL,
  request_body TEXT NOT NULL,
  response_status INTEGER,
  response_headers TEXT,
  response_body TEXT,
  error TEXT,
  duration_ms INTEGER NOT NULL DEFAULT 0,
  created_at TEXT NOT NULL,
  -- Tie-breaker after created_at for rows of the same millisecond (migration 067, api/db/sequence.ts).
  seq BIGINT NOT NULL DEFAULT 0
);
CREATE INDEX webhook_deliveries_merchant ON webhook_deliveries (merchant_id, created_at);
CREATE INDEX webhook_deliveries_outbox ON webhook_deliveries (outbox_id);
CREATE INDEX webhook_deliveries_created ON webhook_deliveries (created_at);

-- Webhook endpoints besides the automation webhook, and the events sent to a merchant's receivers
-- with both versions' bodies (migration 071, api/merchant-webhooks/webhook-fanout.ts).
CREATE TABLE webhook_endpoints (
  id TEXT PRIMARY KEY,
  merchant_id TEXT NOT NULL REFERENCES merchants (id),
  url TEXT NOT NULL,
  description TEXT,
  enabled_events TEXT NOT NULL,
  api_version TEXT NOT NULL CHECK (api_version IN ('v1', '2026-11')),
  status TEXT NOT NULL DEFAULT 'enabled' CHECK (status IN ('enabled', 'disabled')),
  secret TEXT NOT NULL,
  secret_previous TEXT,
  secret_previous_until TEXT,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  deleted_at TEXT,
  seq BIGINT NOT NULL DEFAULT 0,
  created_by TEXT
);
CREATE INDEX webhook_endpoints_merchant ON webhook_endpoints (merchant_id, created_at);
CREATE TABLE webhook_events (
  id TEXT PRIMARY KEY,
  merchant_id TEXT NOT NULL REFERENCES merchants (id),
  type TEXT NOT NULL,
  event_key TEXT NOT NULL UNIQUE,
  payment_id TEXT,
  body TEXT NOT NULL,
  v1_body TEXT NOT NULL,
  created_at TEXT NOT NULL,
  seq BIGINT NOT NULL DEFAULT 0
);
CREATE INDEX webhook_events_merchant ON webhook_events (merchant_id, created_at);
CREATE INDEX webhook_events_created ON webhook_events (created_at);
-- Widget releases outlive a deploy (migration 080, api/widget-releases/store.ts).
CREATE TABLE widget_releases (
  version TEXT PRIMARY KEY,
  content_hash TEXT NOT NULL UNIQUE,
  manifest TEXT NOT NULL,
  published_at TEXT NOT NULL
);
CREATE TABLE widget_release_files (
  name TEXT PRIMARY KEY,
  body BYTEA NOT NULL,
  gz BYTEA,
  br BYTEA,
  sha256 TEXT NOT NULL,
  created_at TEXT NOT NULL
);
