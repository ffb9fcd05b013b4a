-- The ledger's remaining terms (DESIGN §3.3): where each observation came from and whether an admin
-- dismissed it; what was written off (admin write-offs of sub-minimum remainders, and credit
-- refunds); why an invoice needs an admin's attention; and the write-off event's outbox jobs.
ALTER TABLE invoice_observations ADD COLUMN source TEXT NOT NULL DEFAULT 'link' CHECK (source IN ('link', 'typed', 'live'));
ALTER TABLE invoice_observations ADD COLUMN credible_at TEXT;
ALTER TABLE invoice_observations ADD COLUMN dismissed_at TEXT;
ALTER TABLE invoice_observations ADD COLUMN dismissed_by TEXT;
ALTER TABLE invoice_observations ADD COLUMN dismissed_reason TEXT;
ALTER TABLE invoices ADD COLUMN written_off_amount BIGINT NOT NULL DEFAULT 0 CHECK (written_off_amount >= 0);
ALTER TABLE invoices ADD COLUMN attention TEXT CHECK (attention IN ('overpaid', 'capped', 'below_minimum'));
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
CREATE INDEX invoices_attention ON invoices (attention, updated_at);
ALTER TABLE outbox ADD COLUMN write_off_id TEXT REFERENCES invoice_write_offs (id);
