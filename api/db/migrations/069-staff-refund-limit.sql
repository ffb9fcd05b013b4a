-- The most a merchant's staff member may refund at once, in minor units of the payment's currency,
-- set by the merchant's owner (issue 32). NULL: any amount (owners and admins are never limited).
ALTER TABLE merchants ADD COLUMN staff_refund_limit BIGINT CHECK (staff_refund_limit >= 0);
