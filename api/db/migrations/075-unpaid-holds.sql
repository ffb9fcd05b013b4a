-- Holds without money (issue 49 item 9, DESIGN §3.4): a pay session or a client address whose attempt
-- held an invoice's amount and then ended unpaid (a 3-D Secure step or a PayTo approval abandoned,
-- expired or declined) owes the proof-of-work challenge before its next hold on that merchant's
-- invoices. One row per merchant and session or address, cleared by a solved challenge
-- (api/payments/create/unpaid-holds.ts); rows older than a day are forgotten.
CREATE TABLE unpaid_holds (
  merchant_id TEXT NOT NULL,
  scope TEXT NOT NULL CHECK (scope IN ('session', 'address')),
  scope_key TEXT NOT NULL,
  ended_at TEXT NOT NULL,
  PRIMARY KEY (merchant_id, scope, scope_key)
);
CREATE INDEX unpaid_holds_ended ON unpaid_holds (ended_at);
