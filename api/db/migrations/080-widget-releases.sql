-- Widget releases outlive a deploy (issue 51 item 1): every released widget file (versioned script,
-- loader, flow and module chunks, package tarball) is kept in the database, content-addressed by
-- name, and served after any later build has replaced dist/widget. One row per release (its
-- manifest) and one per file; a file unchanged between releases is stored once. BYTEA is a BLOB on
-- SQLite (any type name is accepted there) and binary on PostgreSQL.
CREATE TABLE widget_releases (
  version TEXT PRIMARY KEY,
  content_hash TEXT NOT NULL UNIQUE,
  manifest TEXT NOT NULL,
  published_at TEXT NOT NULL
);
CREATE TABLE widget_release_files (
  name TEXT PRIMARY KEY,
  body BYTEA NOT NULL,
  gz BYTEA,
  br BYTEA,
  sha256 TEXT NOT NULL,
  created_at TEXT NOT NULL
);
