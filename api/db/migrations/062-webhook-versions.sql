-- Automation webhooks at Stripe's level (issue 20, docs/webhooks.md): a payload version per merchant
-- ('v1' = the spec §7 body, the default; '2026-11' = events with integer minor units and ids), the
-- previous signing secret kept valid for 24 h after a rotation (both signatures are sent), and every
-- delivery attempt with its request and response for the console.
ALTER TABLE merchants ADD COLUMN webhook_version TEXT NOT NULL DEFAULT 'v1' CHECK (webhook_version IN ('v1', '2026-11'));
ALTER TABLE merchants ADD COLUMN webhook_secret_previous TEXT;
ALTER TABLE merchants ADD COLUMN webhook_secret_previous_until TEXT;
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
  created_at TEXT NOT NULL
);
CREATE INDEX webhook_deliveries_merchant ON webhook_deliveries (merchant_id, created_at);
CREATE INDEX webhook_deliveries_outbox ON webhook_deliveries (outbox_id);
CREATE INDEX webhook_deliveries_created ON webhook_deliveries (created_at);
-- When the invoice's balance through us reached 0 (the `invoice.paid` event); cleared when it is due again.
ALTER TABLE invoices ADD COLUMN paid_at TEXT;
