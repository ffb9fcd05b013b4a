/**
 * Group commit for payment creation on SQLite (DESIGN §9 throughput, without lowering §5's
 * `synchronous=FULL`). better-sqlite3 runs on the event loop, so every COMMIT's fsync stalls the
 * whole process; concurrent creations therefore queue their write transactions here and run them
 * back to back inside ONE `BEGIN IMMEDIATE … COMMIT`, sharing one fsync.
 *
 * Guarantees are those of a transaction per job:
 *  - each job runs inside its own SAVEPOINT; a job that throws (a refused amount, a bug) is rolled
 *    back to its savepoint alone and its caller gets its error, the other jobs carry on;
 *  - jobs run one after another and each sees the writes of the jobs before it (one connection, one
 *    write transaction), so a balance check and its reservation stay atomic — exactly the
 *    serialisation SQLite's write lock gave before;
 *  - a caller's promise settles only after the COMMIT is durable; if the COMMIT fails, every job of
 *    the batch fails (nothing of it was written).
 * PostgreSQL commits in parallel on its pool and needs its row locks per transaction: there a job
 * is simply its own transaction.
 */
import { sql } from 'kysely';
import type { AppDatabase, Trx } from '../db/database.ts';

type Job = {
  run: (trx: Trx) => Promise<unknown>;
  resolve: (value: unknown) => void;
  reject: (err: unknown) => void;
};

/** At most this many jobs share a commit (bounds the time the write lock is held). */
const MAX_BATCH = 64;

class SqliteGroupCommit {
  #queue: Job[] = [];
  #draining = false;
  constructor(private readonly database: AppDatabase) {}

  run<T>(work: (trx: Trx) => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.#queue.push({ run: work, resolve: resolve as (v: unknown) => void, reject });
      if (!this.#draining) {
        this.#draining = true;
        // Let the requests that are ready in this turn of the event loop join the first batch.
        setImmediate(() => void this.#drain());
      }
    });
  }

  async #drain(): Promise<void> {
    try {
      while (this.#queue.length) await this.#commit(this.#queue.splice(0, MAX_BATCH));
    } finally {
      this.#draining = false;
    }
  }

  async #commit(batch: Job[]): Promise<void> {
    const outcomes: ({ ok: true; value: unknown } | { ok: false; error: unknown })[] = [];
    let trx;
    try {
      trx = await this.database.db.startTransaction().execute(); // BEGIN IMMEDIATE
    } catch (error) {
      for (const job of batch) job.reject(error);
      return;
    }
    try {
      for (const job of batch) {
        await sql`savepoint job`.execute(trx);
        try {
          const value = await job.run(trx);
          await sql`release savepoint job`.execute(trx);
          outcomes.push({ ok: true, value });
        } catch (error) {
          await sql`rollback to savepoint job`.execute(trx);
          await sql`release savepoint job`.execute(trx);
          outcomes.push({ ok: false, error });
        }
      }
      await trx.commit().execute();
    } catch (error) {
      // The transaction itself failed (COMMIT, or a savepoint command): nothing of the batch stands.
      await trx
        .rollback()
        .execute()
        .catch(() => {});
      for (const job of batch) job.reject(error);
      return;
    }
    batch.forEach((job, i) => {
      const outcome = outcomes[i];
      if (outcome.ok) job.resolve(outcome.value);
      else job.reject(outcome.error);
    });
  }
}

const runners = new WeakMap<AppDatabase, SqliteGroupCommit>();

/**
 * Run `work` as one write transaction: on SQLite grouped with concurrent ones under one commit, on
 * PostgreSQL as its own transaction. Resolves once its writes are committed.
 */
export function inWriteTransaction<T>(database: AppDatabase, work: (trx: Trx) => Promise<T>): Promise<T> {
  if (database.dialect !== 'sqlite') return database.db.transaction().execute(work);
  let runner = runners.get(database);
  if (!runner) runners.set(database, (runner = new SqliteGroupCommit(database)));
  return runner.run(work);
}
