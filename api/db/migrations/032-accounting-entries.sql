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
-- Refunds the previous version already recorded (it replaced the payment and the surcharge with the net
-- amounts): remembered as such, so they are not recorded a second time.
INSERT INTO accounting_entries (id, provider, merchant_id, payment_id, subject_type, subject_id, step, external_id, external_number, amount, currency, entry_date, created_at)
SELECT 'legacy-' || r.id, ar.provider, p.merchant_id, p.id, 'refund', r.id, 'legacy', COALESCE(ar.external_payment_id, ''), NULL, r.amount, p.currency, substr(r.created_at, 1, 10), r.updated_at
FROM refunds r
JOIN payments p ON p.id = r.payment_id
JOIN accounting_records ar ON ar.payment_id = p.id
WHERE r.status = 'succeeded'
AND EXISTS (SELECT 1 FROM outbox o WHERE o.refund_id = r.id AND o.kind = ar.provider AND o.status = 'delivered');
