-- Rows made in the same millisecond keep their order (DESIGN §5, issue 37): a sequence number
-- (api/db/sequence.ts) as the tie-breaker after created_at on the tables read "latest first".
-- Rows from before keep 0 (and their old order by id).
ALTER TABLE payments ADD COLUMN seq BIGINT NOT NULL DEFAULT 0;
ALTER TABLE refunds ADD COLUMN seq BIGINT NOT NULL DEFAULT 0;
ALTER TABLE payment_disputes ADD COLUMN seq BIGINT NOT NULL DEFAULT 0;
ALTER TABLE accounting_entries ADD COLUMN seq BIGINT NOT NULL DEFAULT 0;
ALTER TABLE outbox ADD COLUMN seq BIGINT NOT NULL DEFAULT 0;
ALTER TABLE payment_events ADD COLUMN seq BIGINT NOT NULL DEFAULT 0;
ALTER TABLE audit_log ADD COLUMN seq BIGINT NOT NULL DEFAULT 0;
ALTER TABLE webhook_deliveries ADD COLUMN seq BIGINT NOT NULL DEFAULT 0;
