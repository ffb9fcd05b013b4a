-- The OAuth scopes the accounting tool granted (NULL: connected before they were recorded; filled in by
-- the next token refresh), and the account (Xero) or product/service (QuickBooks) that credit notes for
-- credit refunds and write-offs are booked to.
ALTER TABLE accounting_connections ADD COLUMN granted_scopes TEXT;
ALTER TABLE accounting_connections ADD COLUMN credit_account_code TEXT;
