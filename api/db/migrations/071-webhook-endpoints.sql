-- Webhook endpoints as a resource (issue 33, docs/webhooks.md): besides the merchant's automation
-- webhook (the spec's, set in the console), any number of endpoints, each with its URL, the event
-- types it receives (a JSON array; ["*"] = every type), its payload version and its own signing
-- secret (sealed). The automation webhook chooses its event types too (NULL = its version's
-- default: the spec's three for v1, every type for 2026-11). Every event sent to a merchant's
-- receivers is kept (30 days are listed) with the bodies of both versions, so one event can be
-- sent again, to one endpoint, byte for byte. An outbox job names its endpoint (NULL: the
-- automation webhook), its event, and the Idempotency-Key it sends (a resend repeats the first's).
ALTER TABLE merchants ADD COLUMN webhook_enabled_events TEXT;
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
  seq BIGINT NOT NULL DEFAULT 0
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
ALTER TABLE outbox ADD COLUMN endpoint_id TEXT;
ALTER TABLE outbox ADD COLUMN event_id TEXT;
ALTER TABLE outbox ADD COLUMN send_key TEXT;
CREATE INDEX outbox_event ON outbox (event_id);
