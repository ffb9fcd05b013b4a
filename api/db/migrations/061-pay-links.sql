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
  created_at TEXT NOT NULL
);
CREATE INDEX pay_links_merchant_created ON pay_links (merchant_id, created_at);
CREATE INDEX pay_links_observation ON pay_links (observation_id);
