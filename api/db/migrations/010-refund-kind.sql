-- A refund is a credit (the refunded part is no longer owed) or a re-open (the customer still owes it); DESIGN §3.8.
ALTER TABLE refunds ADD COLUMN kind TEXT NOT NULL DEFAULT 'reopen' CHECK (kind IN ('credit', 'reopen'));
