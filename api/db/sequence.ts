/**
 * Row sequence numbers (DESIGN §5): lists read "latest first" order by `created_at`, then `seq`, so
 * rows made in the same millisecond — a refund and its accounting entry, a burst of audit entries,
 * every row of a test whose clock stands still — keep the order they were made in, not the order
 * of their random ids. `seq` is the wall-clock time in microseconds from this process's monotonic
 * clock, strictly increasing within the process (a counter breaks its own ties); processes started
 * later, and other workers, number later rows higher as their clocks agree. Assigned by the
 * repository that inserts the row (one insert site per table), portable to SQLite and PostgreSQL
 * (a plain BIGINT, migration 067); rows from before the migration have 0 and keep their old order.
 *
 * @example await db.insertInto('audit_log').values({ ...row, seq: nextSeq() }).execute();
 */
let last = 0;

export function nextSeq(): number {
  const now = Math.floor((performance.timeOrigin + performance.now()) * 1000);
  last = now > last ? now : last + 1;
  return last;
}
