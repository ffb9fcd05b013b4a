-- Integrators' own key-value data on pay links, payments and refunds (issue 33), as Stripe's
-- `metadata`: a JSON object of strings (at most 50 keys of 40 characters, values of 500), NULL for
-- none. A payment made through a pay link starts with the link's.
ALTER TABLE pay_links ADD COLUMN metadata TEXT;
ALTER TABLE payments ADD COLUMN metadata TEXT;
ALTER TABLE refunds ADD COLUMN metadata TEXT;
