-- Accounting dates (payment, refund, webhook `date`) are the merchant's local date (DESIGN §7): each
-- merchant has an IANA time zone. New merchants get DEFAULT_TIME_ZONE; existing ones the default's default.
ALTER TABLE merchants ADD COLUMN time_zone TEXT NOT NULL DEFAULT 'Australia/Sydney';
