-- Outbox jobs say which format of their kind they are written in (issue 48: rollbacks). A release
-- claims only the kinds it knows in a format no newer than it understands (api/outbox/repository.ts),
-- so after a rollback the jobs a newer release queued wait for it instead of being delivered wrongly.
-- Every job so far is format 1.
ALTER TABLE outbox ADD COLUMN format INTEGER NOT NULL DEFAULT 1;
