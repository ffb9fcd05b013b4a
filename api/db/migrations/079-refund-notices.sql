-- A refund mails the customer (issue 50 item 8): a 'refund_issued' notice per refund, so notices
-- carry a reference (`ref`: the refund's id; '' for the notices of a payment, one of each kind). The
-- table is rebuilt for its CHECK and its UNIQUE, keeping its rows.
CREATE TABLE payment_notices_next (
  id TEXT PRIMARY KEY,
  payment_id TEXT NOT NULL REFERENCES payments (id),
  kind TEXT NOT NULL CHECK (kind IN ('debit_cleared', 'debit_failed', 'merchant_debit_failed', 'card_receipt', 'refund_issued')),
  ref TEXT NOT NULL DEFAULT '',
  to_address TEXT NOT NULL,
  status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sent')),
  attempts INTEGER NOT NULL DEFAULT 0 CHECK (attempts >= 0),
  next_attempt_at TEXT NOT NULL,
  created_at TEXT NOT NULL,
  sent_at TEXT,
  UNIQUE (payment_id, kind, ref)
);
INSERT INTO payment_notices_next (id, payment_id, kind, ref, to_address, status, attempts, next_attempt_at, created_at, sent_at)
SELECT id, payment_id, kind, '', to_address, status, attempts, next_attempt_at, created_at, sent_at FROM payment_notices;
DROP TABLE payment_notices;
ALTER TABLE payment_notices_next RENAME TO payment_notices;
CREATE INDEX payment_notices_due ON payment_notices (status, next_attempt_at);
