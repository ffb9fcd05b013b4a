-- Invoice identity folds whitespace inside the number like dashes (DESIGN §3.3): `inv 001` and
-- `INV-001` are one invoice. The unique key is dropped here; this migration's code step
-- (api/invoices/merge-invoice-numbers.ts, as migration 012's) fills the new keys, merges the
-- invoices that now collide (every payment kept, the merge in the audit log) and adds it again.
DROP INDEX invoices_number_key;
