-- Access tokens die with their session (issue 16): each token carries the user's session version,
-- which sign-out, a password reset, a detected refresh-token theft and a role change bump.
ALTER TABLE users ADD COLUMN session_version INTEGER NOT NULL DEFAULT 0;
