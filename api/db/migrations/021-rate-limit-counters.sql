-- Abuse-limit counters shared by every server process on one PostgreSQL database (issue 16): one
-- row per rule and key (a hash), counted by one atomic upsert per check; rows whose window has
-- ended are swept. SQLite (one process) keeps its counters in memory and leaves this table empty.
CREATE TABLE rate_limit_counters (
  key TEXT PRIMARY KEY,
  hits INTEGER NOT NULL CHECK (hits >= 0),
  resets_at TEXT NOT NULL
);
CREATE INDEX rate_limit_counters_resets_at ON rate_limit_counters (resets_at);
