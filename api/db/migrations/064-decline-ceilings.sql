-- Card-testing ceilings per merchant and platform-wide (DESIGN §3.4, issue 30 item 7): decline
-- counters get the scopes 'merchant' and 'platform' (the table is rebuilt for its CHECK, keeping
-- its rows), and used proof-of-work challenges are kept until they expire (one quote each).
CREATE TABLE decline_counters_next (
  scope TEXT NOT NULL CHECK (scope IN ('session', 'invoice', 'address', 'merchant', 'platform')),
  scope_key TEXT NOT NULL,
  window_start TEXT NOT NULL,
  declines INTEGER NOT NULL DEFAULT 0,
  last_decline_at TEXT NOT NULL,
  blocked_until TEXT,
  PRIMARY KEY (scope, scope_key)
);
INSERT INTO decline_counters_next (scope, scope_key, window_start, declines, last_decline_at, blocked_until)
SELECT scope, scope_key, window_start, declines, last_decline_at, blocked_until FROM decline_counters;
DROP TABLE decline_counters;
ALTER TABLE decline_counters_next RENAME TO decline_counters;
CREATE INDEX decline_counters_blocked ON decline_counters (blocked_until);
CREATE TABLE challenge_uses (
  challenge TEXT PRIMARY KEY,
  expires_at TEXT NOT NULL
);
CREATE INDEX challenge_uses_expires ON challenge_uses (expires_at);
