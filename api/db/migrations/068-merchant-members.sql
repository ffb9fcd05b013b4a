-- Merchants and agencies sign in to their own part of the console (issue 32): a user belongs to
-- merchants with a role (docs/auth.md), invited by email with a signed, single-use link that expires
-- in 7 days. Audit entries name the merchant they concern, so owners can read their own.
CREATE TABLE merchant_members (
  merchant_id TEXT NOT NULL REFERENCES merchants (id),
  user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  role TEXT NOT NULL CHECK (role IN ('owner', 'staff', 'developer')),
  invited_by TEXT,
  created_at TEXT NOT NULL,
  PRIMARY KEY (merchant_id, user_id)
);
CREATE INDEX merchant_members_user ON merchant_members (user_id);
CREATE TABLE merchant_invitations (
  id TEXT PRIMARY KEY,
  merchant_id TEXT NOT NULL REFERENCES merchants (id),
  email TEXT NOT NULL,
  role TEXT NOT NULL CHECK (role IN ('owner', 'staff', 'developer')),
  token_hash TEXT NOT NULL UNIQUE,
  invited_by TEXT,
  expires_at TEXT NOT NULL,
  accepted_at TEXT,
  accepted_by TEXT,
  revoked_at TEXT,
  created_at TEXT NOT NULL
);
CREATE INDEX merchant_invitations_merchant ON merchant_invitations (merchant_id, created_at);
ALTER TABLE audit_log ADD COLUMN merchant_id TEXT;
CREATE INDEX audit_log_merchant ON audit_log (merchant_id, created_at);
