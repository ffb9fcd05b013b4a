-- PayTo (issue 34): real-time account-to-account payments on the New Payments Platform, approved
-- by the customer in their banking app. Per merchant, like BECS (migration 040): on/off (AUD
-- invoices only), an optional minimum invoice amount, and its own surcharge rule (basis points,
-- default none; optional cap in minor units). Per payment: the PayID the customer paid from,
-- masked (`j***@example.com`, `+61 4** *** *78`), and when their bank's approval window ends. The
-- account's BSB and last four digits, and the mandate, go in the BECS columns.
ALTER TABLE merchants ADD COLUMN payto_enabled INTEGER NOT NULL DEFAULT 0 CHECK (payto_enabled IN (0, 1));
ALTER TABLE merchants ADD COLUMN payto_minimum_amount BIGINT CHECK (payto_minimum_amount > 0);
ALTER TABLE merchants ADD COLUMN payto_surcharge_bps INTEGER NOT NULL DEFAULT 0 CHECK (payto_surcharge_bps >= 0 AND payto_surcharge_bps <= 500);
ALTER TABLE merchants ADD COLUMN payto_surcharge_cap BIGINT CHECK (payto_surcharge_cap >= 0);

ALTER TABLE payments ADD COLUMN payto_pay_id TEXT;
