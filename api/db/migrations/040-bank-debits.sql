-- AU BECS Direct Debit (issue 17; DESIGN §3.4, §4). Per merchant: on/off (AUD invoices only), an
-- optional minimum invoice amount for offering it, and its own surcharge rule (basis points, optional
-- cap in minor units; 0 = no surcharge). Per payment: the method type, the bank account's BSB and last
-- four digits, the mandate reference, when it started processing and the date it is expected to clear
-- by, and the latest dispute's status. Disputes (charge.dispute.*) are kept one row per provider
-- dispute; receipts and failure notices for bank debits are queued in the transaction that records the
-- provider's final word, then mailed (at least once).
ALTER TABLE merchants ADD COLUMN becs_enabled INTEGER NOT NULL DEFAULT 0 CHECK (becs_enabled IN (0, 1));
ALTER TABLE merchants ADD COLUMN becs_minimum_amount BIGINT CHECK (becs_minimum_amount > 0);
ALTER TABLE merchants ADD COLUMN becs_surcharge_bps INTEGER NOT NULL DEFAULT 0 CHECK (becs_surcharge_bps >= 0 AND becs_surcharge_bps <= 500);
ALTER TABLE merchants ADD COLUMN becs_surcharge_cap BIGINT CHECK (becs_surcharge_cap >= 0);

ALTER TABLE payments ADD COLUMN method_type TEXT NOT NULL DEFAULT 'card';
ALTER TABLE payments ADD COLUMN bank_bsb TEXT;
ALTER TABLE payments ADD COLUMN bank_last4 TEXT;
ALTER TABLE payments ADD COLUMN mandate_reference TEXT;
ALTER TABLE payments ADD COLUMN processing_at TEXT;
ALTER TABLE payments ADD COLUMN clears_by TEXT;
ALTER TABLE payments ADD COLUMN dispute_status TEXT;
CREATE INDEX payments_dispute_status ON payments (dispute_status, created_at);

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
  updated_at TEXT NOT NULL
);
CREATE INDEX payment_disputes_payment ON payment_disputes (payment_id, created_at);

CREATE TABLE payment_notices (
  id TEXT PRIMARY KEY,
  payment_id TEXT NOT NULL REFERENCES payments (id),
  kind TEXT NOT NULL CHECK (kind IN ('debit_cleared', 'debit_failed', 'merchant_debit_failed')),
  to_address TEXT NOT NULL,
  status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sent')),
  attempts INTEGER NOT NULL DEFAULT 0 CHECK (attempts >= 0),
  next_attempt_at TEXT NOT NULL,
  created_at TEXT NOT NULL,
  sent_at TEXT,
  UNIQUE (payment_id, kind)
);
CREATE INDEX payment_notices_due ON payment_notices (status, next_attempt_at);
