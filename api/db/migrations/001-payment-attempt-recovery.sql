-- Resumable payment creation (DESIGN §3.6) and recovery of intents whose id was never recorded
-- (§3.4). Idempotency keys remember the payment they stand for and when a run last claimed them;
-- payments remember what rebuilds the provider's create request exactly.
ALTER TABLE idempotency_keys ADD COLUMN payment_id TEXT;
ALTER TABLE idempotency_keys ADD COLUMN claimed_at TEXT;
-- A claim left unanswered by the previous version counts as claimed when it was made.
UPDATE idempotency_keys SET claimed_at = created_at WHERE response_status IS NULL;
ALTER TABLE payments ADD COLUMN provider_idempotency_key TEXT;
ALTER TABLE payments ADD COLUMN payment_method_id TEXT;
