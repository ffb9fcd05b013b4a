-- Card receipts are ours (issue 36 item 11): a card payment's success queues a 'card_receipt'
-- notice like a bank debit's 'debit_cleared', so the sandbox sends one too and /payment-complete's
-- "a receipt is on its way" holds. The table is rebuilt for its CHECK, keeping its rows.
CREATE TABLE payment_notices_next (
  id TEXT PRIMARY KEY,
  payment_id TEXT NOT NULL REFERENCES payments (id),
  kind TEXT NOT NULL CHECK (kind IN ('debit_cleared', 'debit_failed', 'merchant_debit_failed', 'card_receipt')),
  to_address TEXT NOT NULL,
  status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sent')),
  attempts INTEGER NOT NULL DEFAULT 0 CHECK (attempts >= 0),
  next_attempt_at TEXT NOT NULL,
  created_at TEXT NOT NULL,
  sent_at TEXT,
  UNIQUE (payment_id, kind)
);
INSERT INTO payment_notices_next (id, payment_id, kind, to_address, status, attempts, next_attempt_at, created_at, sent_at)
SELECT id, payment_id, kind, to_address, status, attempts, next_attempt_at, created_at, sent_at FROM payment_notices;
DROP TABLE payment_notices;
ALTER TABLE payment_notices_next RENAME TO payment_notices;
CREATE INDEX payment_notices_due ON payment_notices (status, next_attempt_at);
