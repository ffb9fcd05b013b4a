-- The integrator API's invoice and pay-link lists keep the order rows were made in when they share
-- a millisecond (issue 37, api/db/sequence.ts): the row sequence of migration 067 on these two
-- tables too, ordered by after created_at. Rows from before keep 0 (and their old order by id).
ALTER TABLE invoices ADD COLUMN seq BIGINT NOT NULL DEFAULT 0;
ALTER TABLE pay_links ADD COLUMN seq BIGINT NOT NULL DEFAULT 0;
