-- Scoped API keys for integrators (issue 20, docs/api.md): created by an admin, shown once, stored as
-- a SHA-256 hash. `merchant_id` NULL = every merchant; `permission` read or write (payments,
-- invoices, refunds, pay links); `mode` is the provider mode the key was made for (ip_live_ / ip_test_).
CREATE TABLE api_keys (
  id TEXT PRIMARY KEY,
  name TEXT NOT NULL,
  prefix TEXT NOT NULL,
  key_hash TEXT NOT NULL UNIQUE,
  mode TEXT NOT NULL CHECK (mode IN ('live', 'test')),
  merchant_id TEXT REFERENCES merchants (id),
  permission TEXT NOT NULL CHECK (permission IN ('read', 'write')),
  expires_at TEXT,
  revoked_at TEXT,
  revoked_by TEXT,
  created_by TEXT,
  created_by_email TEXT,
  last_used_at TEXT,
  last_used_ip TEXT,
  created_at TEXT NOT NULL
);
CREATE INDEX api_keys_created ON api_keys (created_at);
