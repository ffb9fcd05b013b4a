-- Invoice identity is merchant + normalised invoice number + currency (DESIGN §3.3, case 15). The
-- key is filled, and invoices whose numbers now collide are merged (every payment kept, the merge
-- written to the audit log), by this migration's code step: api/invoices/merge-invoice-numbers.ts.
ALTER TABLE invoices ADD COLUMN number_key TEXT NOT NULL DEFAULT '';
