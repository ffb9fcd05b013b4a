/**
 * Group commit for payment writes on SQLite (DESIGN §9 throughput, with §5's `synchronous=FULL`
 * durability). better-sqlite3 runs on the event loop, so a COMMIT that waits for its fsync stalls
 * the whole process; concurrent payment writes therefore queue their transactions here and run them
 * back to back inside ONE `BEGIN IMMEDIATE … COMMIT`, sharing one fsync — and that fsync runs off
 * the event loop.
 *
 * Guarantees are those of a transaction per job:
 *  - each job runs inside its own SAVEPOINT; a job that throws (a refused amount, a bug) is rolled
 *    back to its savepoint alone and its caller gets its error, the other jobs carry on;
 *  - jobs run one after another and each sees the writes of the jobs before it (one connection, one
 *    write transaction), so a balance check and its reservation stay atomic — exactly the
 *    serialisation SQLite's write lock gave before;
 *  - a caller's promise settles only after the COMMIT is durable; if the COMMIT fails, every job of
 *    the batch fails (nothing of it was written).
 *
 * Durability without the stall: on a database that can sync its write-ahead log itself
 * (`syncWal`, a SQLite file in WAL mode: api/db/database.ts) the batch commits with
 * `synchronous=NORMAL` — SQLite writes the WAL frames but does not wait for the disk — and then
 * `fdatasync`s the WAL on libuv's thread pool (what `synchronous=FULL` does inline) *while still
 * holding the one connection*. So nothing reads the batch's writes, and no caller hears of them,
 * before they are on disk: the durability of `synchronous=FULL`, while the event loop serves other
 * requests' HTTP, validation and signatures. Every other transaction keeps `synchronous=FULL`.
 *
 * PostgreSQL commits in parallel on its pool and needs its row locks per transaction: there a job
 * is simply its own transaction.
 */
import { CompiledQuery, type Kysely, type Transaction } from 'kysely';
import type { Dialect } from './database.ts';
import { transact } from './transact.ts';

/** A database that takes write transactions: ours (AppDatabase) or the sandbox provider's own. */
export interface WritableDatabase<DB> {
  db: Kysely<DB>;
  dialect: Dialect;
  /** SQLite file in WAL mode: make every commit so far durable (fdatasync of the WAL, off the event loop). */
  syncWal?: () => Promise<void>;
}

type Job = {
  run: (trx: Transaction<unknown>) => Promise<unknown>;
  resolve: (value: unknown) => void;
  reject: (err: unknown) => void;
};

type Outcome = { ok: true; value: unknown } | { ok: false; error: unknown };

/** The batch's own statements, compiled once (a job's savepoint pair is two per payment write). */
const SQL = {
  normal: CompiledQuery.raw('pragma synchronous = normal'),
  full: CompiledQuery.raw('pragma synchronous = full'),
  begin: CompiledQuery.raw('begin immediate'),
  commit: CompiledQuery.raw('commit'),
  rollback: CompiledQuery.raw('rollback'),
  savepoint: CompiledQuery.raw('savepoint job'),
  release: CompiledQuery.raw('release savepoint job'),
  rollbackTo: CompiledQuery.raw('rollback to savepoint job'),
};

/** At most this many jobs share a commit (bounds the time the write lock is held). */
const MAX_BATCH = 64;

class SqliteGroupCommit {
  #queue: Job[] = [];
  #draining = false;
  constructor(
    private readonly db: Kysely<unknown>,
    private readonly syncWal: (() => Promise<void>) | undefined,
  ) {}

  run<DB, T>(work: (trx: Transaction<DB>) => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.#queue.push({
        run: work as unknown as Job['run'],
        resolve: resolve as (v: unknown) => void,
        reject,
      });
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
    let outcomes: Outcome[];
    try {
      // The connection is held from BEGIN until the commit is durable (SQLite has only this one).
      outcomes = await this.db.connection().execute((conn) => this.#transaction(conn, batch));
    } catch (error) {
      // The transaction itself failed (BEGIN, COMMIT, a savepoint command, the WAL sync): nothing
      // of the batch may be relied on.
      for (const job of batch) job.reject(error);
      return;
    }
    batch.forEach((job, i) => {
      const outcome = outcomes[i];
      if (outcome.ok) job.resolve(outcome.value);
      else job.reject(outcome.error);
    });
  }

  async #transaction(conn: Kysely<unknown>, batch: Job[]): Promise<Outcome[]> {
    const trx = conn as unknown as Transaction<unknown>; // one connection, inside BEGIN … COMMIT
    const outcomes: Outcome[] = [];
    const run = (statement: CompiledQuery) => conn.executeQuery(statement);
    if (this.syncWal) await run(SQL.normal);
    try {
      await run(SQL.begin);
      try {
        for (const job of batch) {
          await run(SQL.savepoint);
          try {
            const value = await job.run(trx);
            await run(SQL.release);
            outcomes.push({ ok: true, value });
          } catch (error) {
            await run(SQL.rollbackTo);
            await run(SQL.release);
            outcomes.push({ ok: false, error });
          }
        }
        await run(SQL.commit);
      } catch (error) {
        await run(SQL.rollback).catch(() => {});
        throw error;
      }
      // Still holding the connection: durable before anyone can read it or hear of it.
      await this.syncWal?.();
    } finally {
      if (this.syncWal) await run(SQL.full);
    }
    return outcomes;
  }
}

const runners = new WeakMap<object, SqliteGroupCommit>();

/**
 * Run `work` as one write transaction: on SQLite grouped with concurrent ones under one commit, on
 * PostgreSQL as its own transaction. Resolves once its writes are committed (and durable).
 */
export function inWriteTransaction<DB, T>(
  database: WritableDatabase<DB>,
  work: (trx: Transaction<DB>) => Promise<T>,
): Promise<T> {
  if (database.dialect !== 'sqlite') return transact(database, work);
  let runner = runners.get(database.db);
  if (!runner)
    runners.set(
      database.db,
      (runner = new SqliteGroupCommit(database.db as Kysely<unknown>, database.syncWal)),
    );
  return runner.run(work);
}
