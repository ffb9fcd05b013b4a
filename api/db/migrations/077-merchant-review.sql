-- The operator's review of a merchant (issue 50 item 4): approving (status active) or suspending
-- (status inactive) records why, when and by whom; the console shows it, and the owners are mailed.
ALTER TABLE merchants ADD COLUMN status_reason TEXT;
ALTER TABLE merchants ADD COLUMN status_changed_at TEXT;
ALTER TABLE merchants ADD COLUMN status_changed_by TEXT;
