-- No query looks payments up by the payer's address any more (card-testing limits count declines in
-- decline_counters, api/payments/create/declines.ts), so its index only cost every payment insert a B-tree
-- write. EXPLAIN QUERY PLAN of the payment queries never named it.
DROP INDEX IF EXISTS payments_client_ip;
