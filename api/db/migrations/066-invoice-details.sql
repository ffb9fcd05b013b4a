-- The invoice itself on the pay page (issue 36): a signed pay link shows the invoice's lines, dates
-- and PDF from the connected Xero or QuickBooks; an ordinary link (the accounting tool's, whose
-- invoice number and amount anyone could type) only when the merchant turns this on.
ALTER TABLE merchants ADD COLUMN invoice_details_on_links INTEGER NOT NULL DEFAULT 0 CHECK (invoice_details_on_links IN (0, 1));
