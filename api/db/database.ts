/**
 * Opens the database named by DATABASE_URL: a SQLite file through better-sqlite3 (the embedded
 * default) or PostgreSQL through `pg`. Both sit behind one typed Kysely instance.
 */
import { chmodSync, closeSync, mkdirSync, openSync, statSync } from 'node:fs';
import { open, type FileHandle } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import {
  CompiledQuery,
  Kysely,
  PostgresDialect,
  SqliteDialect,
  SqliteDriver,
  type DatabaseConnection,
  type Driver,
  type Transaction,
} from 'kysely';
import { PostgresChangeBus, type ChangeBus } from './change-bus.ts';
import { BACKSTOP_FRAMES, Checkpointer } from './checkpointer.ts';
import type { Database } from './types.ts';

export type Dialect = 'sqlite' | 'postgres';

export interface AppDatabase {
  db: Kysely<Database>;
  dialect: Dialect;
  /** A short, password-free description for logs and diagnostics. */
  describe: string;
  /**
   * SQLite only: a number that changes whenever committed data may have changed — at once for this
   * process's writes (every writing statement and every transaction end on its connection), and
   * within CHANGE_POLL_MS for other processes' (PRAGMA data_version). Caches of database reads
   * compare it instead of reading again (the pay-session lookup). Absent on PostgreSQL.
   */
  changeStamp?: () => number;
  /**
   * SQLite file in WAL mode only: make every commit so far durable — `fdatasync` of the write-ahead
   * log on libuv's thread pool, what `synchronous=FULL` does inline at each COMMIT. The group commit
   * (api/db/group-commit.ts) commits with `synchronous=NORMAL`, then calls this while it
   * still holds the connection, so the event loop is not stalled by the disk.
   */
  syncWal?: () => Promise<void>;
  /**
   * PostgreSQL only: cross-process cache invalidation (LISTEN/NOTIFY, change-bus.ts). A process that
   * changed what others may cache publishes a topic after its commit. Absent on SQLite.
   */
  changes?: ChangeBus;
  /** PostgreSQL only: the pool's connections now (metrics). */
  pool?: () => { total: number; idle: number; waiting: number };
  close(): Promise<void>;
}

export type Db = Kysely<Database>;
export type Trx = Transaction<Database>;
export type DbOrTrx = Kysely<Database> | Transaction<Database>;

/**
 * SQLite transactions here are write transactions: `BEGIN IMMEDIATE` takes the write lock up front,
 * so two processes never deadlock upgrading a read lock (busy_timeout then waits fairly).
 */
class ImmediateSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }
}

class ImmediateSqliteDialect extends SqliteDialect {
  readonly #config: ConstructorParameters<typeof SqliteDialect>[0];
  constructor(config: ConstructorParameters<typeof SqliteDialect>[0]) {
    super(config);
    this.#config = config;
  }
  override createDriver(): Driver {
    return new ImmediateSqliteDriver(this.#config);
  }
}

/**
 * Kysely's SQLite driver prepares every query afresh; preparing is the largest cost of a small read.
 * Statements are reused by SQL text (bounded, least-recently-used). Safe because one connection runs
 * one query at a time (Kysely serialises them) and SQLite re-prepares a statement after a schema change.
 *
 * Reads come back as arrays (better-sqlite3's raw mode) and become objects through a function made
 * once per statement from its column names: an object literal of known shape, where better-sqlite3
 * sets each column on an empty object (a wide row such as `select * from payments` costs about half).
 * A schema change made through this connection (CREATE, ALTER, DROP) makes every statement learn its
 * columns again, as does a row of another width (a change made by another process).
 */
function withStatementCache(sqlite: SQLite.Database, onWrite: () => void, max = 500): SQLite.Database {
  const cache = new Map<string, { statement: CachedStatement; writes: boolean }>();
  const schema = { generation: 0 };
  const prepare = (source: string) => {
    let entry = cache.get(source);
    if (entry) {
      cache.delete(source);
    } else {
      const prepared = sqlite.prepare(source);
      if (SCHEMA_CHANGE.test(source)) schema.generation++;
      entry = {
        statement: cachedStatement(prepared, schema),
        writes: !prepared.readonly || TRANSACTION_END.test(source),
      };
      if (cache.size >= max) cache.delete(cache.keys().next().value!);
    }
    cache.set(source, entry);
    // Counted as it is prepared: the driver runs it in the same tick, so no reader sees the old count
    // after the change.
    if (entry.writes) onWrite();
    return entry.statement;
  };
  return new Proxy(sqlite, {
    get(target, prop) {
      if (prop === 'prepare') return prepare;
      const value = Reflect.get(target, prop, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

/** What Kysely's SQLite driver uses of a statement. */
interface CachedStatement {
  readonly reader: boolean;
  all(parameters: readonly unknown[]): unknown[];
  run(parameters: readonly unknown[]): SQLite.RunResult;
  iterate(parameters: readonly unknown[]): IterableIterator<unknown>;
}

type RowBuilder = { generation: number; width: number; build: (values: unknown[]) => unknown };

function rowBuilder(statement: SQLite.Statement, generation: number): RowBuilder {
  const names = statement.columns().map((c) => c.name);
  // (A column named __proto__ cannot be a literal's key: such a statement keeps plain objects.)
  const build = names.includes('__proto__')
    ? (values: unknown[]) => Object.fromEntries(names.map((n, i) => [n, values[i]]))
    : (new Function('v', `return {${names.map((n, i) => `${JSON.stringify(n)}: v[${i}]`).join(', ')}};`) as (
        values: unknown[],
      ) => unknown);
  return { generation, width: names.length, build };
}

function cachedStatement(statement: SQLite.Statement, schema: { generation: number }): CachedStatement {
  if (!statement.reader) return statement as unknown as CachedStatement;
  statement.raw(true);
  let builder: RowBuilder | null = null;
  const toObject = (values: unknown[]) => {
    if (!builder || builder.generation !== schema.generation || builder.width !== values.length)
      builder = rowBuilder(statement, schema.generation);
    return builder.build(values);
  };
  return {
    reader: true,
    all: (parameters) => (statement.all(parameters) as unknown[][]).map(toObject),
    run: (parameters) => statement.run(parameters),
    *iterate(parameters) {
      for (const values of statement.iterate(parameters) as IterableIterator<unknown[]>)
        yield toObject(values);
    },
  };
}

const SCHEMA_CHANGE = /^\s*(create|alter|drop)\b/i;
const TRANSACTION_END = /^\s*(commit|end|rollback|release)\b/i;
/** How often `changeStamp` looks for other processes' commits. */
export const CHANGE_POLL_MS = 100;

/**
 * The database holds password hashes, tokens and payments: its files are readable by their owner
 * only. A new file is created 0600 before SQLite opens it (SQLite gives its -wal and -shm files
 * the database file's permissions); an existing one, and its -wal/-shm, are tightened to 0600.
 */
function createPrivately(path: string): void {
  const file = resolve(path);
  mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
  closeSync(openSync(file, 'a', 0o600)); // creates it 0600 (umask only removes bits), or leaves it
  for (const f of [file, `${file}-wal`, `${file}-shm`, `${file}-journal`]) {
    try {
      if ((statSync(f).mode & 0o077) !== 0) chmodSync(f, 0o600);
    } catch {
      /* absent, or not ours to change */
    }
  }
}

/** Open a SQLite file with the pragmas the ledger needs. `:memory:` is allowed for tests. */
export function openSqlite(path: string): AppDatabase {
  if (path !== ':memory:') createPrivately(path);
  const sqlite = new SQLite(path);
  sqlite.pragma('busy_timeout = 5000');
  const journal = sqlite.pragma('journal_mode = WAL', { simple: true });
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('foreign_keys = ON');
  // Temporary files in memory. The group commit runs each job in a savepoint, and SQLite keeps the
  // pages a savepoint changed in a sub-journal that spills to a temporary file past 64 KB — a
  // batch of payments did: some 20 writes to an unlinked file in /var/tmp per payment, ~9 % of the
  // event loop's time per payment (`node --import tsx bench/profile.ts cp`; `strace -f` shows
  // them). In memory a batch's sub-journal is at most MAX_BATCH jobs' pages (a few MB). A sort or
  // temporary index stays in memory too: here each is bounded by a LIMIT or by the rows the query
  // returns, which the process holds anyway (`npm run bench` checks the server's RSS).
  sqlite.pragma('temp_store = MEMORY');
  // Checkpoints run on a worker thread (checkpointer.ts); this connection's own are the backstop.
  let detachCheckpoints: (() => Promise<void>) | null = null;
  if (journal === 'wal') {
    sqlite.pragma(`wal_autocheckpoint = ${BACKSTOP_FRAMES}`);
    detachCheckpoints = (checkpointer ??= new Checkpointer({ onLost: warnCheckpointsLost })).attach(
      path,
      () => {
        if (sqlite.open) sqlite.pragma('wal_autocheckpoint = 1000');
      },
    );
  }
  let local = 0;
  const db = new Kysely<Database>({
    dialect: new ImmediateSqliteDialect({ database: withStatementCache(sqlite, () => local++) }),
  });
  const dataVersion = sqlite.prepare('PRAGMA data_version').pluck();
  let external = 0;
  let seenVersion = dataVersion.get();
  let polledAt = 0;
  const wal = journal === 'wal' ? walSyncer(resolve(path)) : null;
  return {
    db,
    dialect: 'sqlite',
    describe: `sqlite:${path}`,
    changeStamp: () => {
      const now = performance.now();
      if (now - polledAt >= CHANGE_POLL_MS) {
        polledAt = now;
        const version = dataVersion.get();
        if (version !== seenVersion) {
          seenVersion = version;
          external++;
        }
      }
      return local + external; // both only grow: the sum changes whenever either does
    },
    syncWal: wal?.sync,
    close: async () => {
      await detachCheckpoints?.();
      await db.destroy();
      await wal?.close();
    },
  };
}

/** One checkpoint worker per process, for every SQLite file it opens. */
let checkpointer: Checkpointer | null = null;

function warnCheckpointsLost(path: string, error: string): void {
  process.emitWarning(`SQLite checkpoints of ${path} are back on the committing connection: ${error}`);
}

/**
 * `fdatasync` of a database's WAL file (opened once, kept: the log lives as long as a connection
 * does), and — the first time, as SQLite does when it creates the log — of its directory, so the
 * file itself survives a power cut.
 *
 * A failed `fdatasync` is final for the process (as PostgreSQL treats it): the kernel may already
 * have dropped the unwritten pages and a later sync could report success without them, so from then
 * on every sync fails with the first error, nothing more is acknowledged, and a restart (which
 * recovers from what is really on disk) is the way out.
 */
function walSyncer(dbPath: string): { sync(): Promise<void>; close(): Promise<void> } {
  let wal: Promise<FileHandle> | null = null;
  let directorySynced = false;
  let failed: Error | null = null;
  const drop = async () => {
    const handle = wal;
    wal = null;
    await (await handle?.catch(() => null))?.close();
  };
  return {
    async sync() {
      if (failed) throw failed;
      wal ??= open(`${dbPath}-wal`, 'r');
      try {
        await (await wal).datasync();
      } catch (err) {
        failed = new Error(
          `Could not make the database's write-ahead log durable (${(err as Error).message}); restart the server`,
          { cause: err },
        );
        await drop().catch(() => {});
        throw failed;
      }
      if (!directorySynced) {
        const dir = await open(dirname(dbPath), 'r');
        try {
          await dir.sync();
        } finally {
          await dir.close();
        }
        directorySynced = true;
      }
    },
    close: drop,
  };
}

/** BIGINT and COUNT come back from pg as strings; amounts here are always safe integers. */
const pgTypes = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    if (oid === 20) return (value: string) => Number(value);
    return pg.types.getTypeParser(oid, format as 'text');
  },
};

/** How a PostgreSQL pool behaves when the database is slow or goes away (DB_* settings). */
export interface PostgresOptions {
  /** Connections in the pool (default 10). */
  poolSize?: number;
  /** How long a request waits for a new connection before it fails (default 5 s). */
  connectTimeoutMs?: number;
  /** The server cancels a statement running longer (default 30 s; 0: never). */
  statementTimeoutMs?: number;
  /**
   * An idle pooled connection failed (the server restarted, a failover, `pg_terminate_backend`, an
   * idle-session timeout). The pool has already dropped it and opens another when one is needed;
   * this only reports it. Without a listener, node would end the process for it.
   */
  onConnectionError?: (err: Error) => void;
}

export function openPostgres(url: string, poolSizeOrOptions: number | PostgresOptions = {}): AppDatabase {
  const options = typeof poolSizeOrOptions === 'number' ? { poolSize: poolSizeOrOptions } : poolSizeOrOptions;
  const pool = new pg.Pool({
    connectionString: url,
    max: options.poolSize ?? 10,
    types: pgTypes as pg.CustomTypesConfig,
    connectionTimeoutMillis: options.connectTimeoutMs ?? 5_000,
    statement_timeout: options.statementTimeoutMs ?? 30_000,
    application_name: 'invoicepay',
    // A half-open connection (a host gone without a word) is noticed by TCP, not by the next query.
    keepAlive: true,
  });
  const report =
    options.onConnectionError ?? ((err: Error) => process.emitWarning(`PostgreSQL: ${err.message}`));
  pool.on('error', report);
  // A connection that fails while a request holds it (between two statements of a transaction)
  // emits its error on the client, where nothing else listens: without this, node would end the
  // process. The request's next statement fails instead (a 503, or a retried transaction), and the
  // pool drops the client when it comes back.
  pool.on('connect', (client) => client.on('error', report));
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  const u = new URL(url);
  const changes = new PostgresChangeBus(url, (text, values) => pool.query(text, values));
  return {
    db,
    dialect: 'postgres',
    describe: `postgres://${u.hostname}${u.port ? `:${u.port}` : ''}${u.pathname}`,
    changes,
    pool: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    close: async () => {
      await changes.close();
      await db.destroy();
    },
  };
}

/** Open the database a DATABASE_URL names (`sqlite:PATH` or `postgres://…`). */
export function openDatabase(url: string, postgres: PostgresOptions = {}): AppDatabase {
  if (url.startsWith('sqlite:')) return openSqlite(url.slice('sqlite:'.length));
  if (/^postgres(ql)?:\/\//.test(url)) return openPostgres(url, postgres);
  throw new Error(`Unsupported DATABASE_URL: ${url.split(':')[0]}:…`);
}
