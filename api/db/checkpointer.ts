/**
 * Write-ahead-log checkpoints off the event loop (DESIGN §9 throughput).
 *
 * In WAL mode SQLite appends every commit to the `-wal` file, and a *checkpoint* copies those pages
 * back into the database file. By default the connection that commits does it, inside its COMMIT,
 * once the log passes 1,000 pages: it reads them back, writes them out and syncs both files, with
 * the event loop stopped (under the payment benchmark, about 0.14 ms of a payment's 3.3 ms of
 * main-thread time).
 *
 * Here one worker thread per process keeps its own connection to each open database file and runs
 * `PRAGMA wal_checkpoint(PASSIVE)` on it — every BUSY_MS while commits keep coming, every IDLE_MS
 * otherwise. A passive checkpoint waits for no one: it copies what no reader still needs
 * while our connection goes on committing. The connection's own checkpoint stays as a backstop at
 * BACKSTOP_FRAMES pages; it then finds almost everything already copied, and lets the log start
 * again from its beginning (which only a checkpoint that ends between two commits can do). Should
 * the worker stop, its connections go back to SQLite's default of 1,000.
 *
 * Durability is unchanged: what a commit wrote is durable in the log (synchronous=FULL, or the
 * group commit's own sync); a checkpoint only moves it, syncing the log before and the database
 * after, now on the worker's thread.
 */
import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import { Worker } from 'node:worker_threads';

/** Log pages past which a connection checkpoints by itself (SQLite's default is 1,000). */
export const BACKSTOP_FRAMES = 10_000;
/** Between two checkpoints while the log keeps growing, and when it does not. */
const BUSY_MS = 50;
const IDLE_MS = 250;

/** The worker, as source text: the server is one bundle, so it cannot point at a file of its own. */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const files = new Map();
let timer = null;
const schedule = (ms) => {
  if (timer) clearTimeout(timer);
  timer = files.size ? setTimeout(tick, ms) : null;
};
function drop(path) {
  const file = files.get(path);
  files.delete(path);
  try { file && file.db.close(); } catch {}
}
function tick() {
  timer = null;
  let behind = false;
  for (const [path, file] of files) {
    try {
      const r = file.checkpoint.get();
      if (r.checkpointed < r.log) behind = true;
    } catch (err) {
      // Busy or locked (a recovery, a schema change): try again at the next turn.
      if (err && /^SQLITE_(BUSY|LOCKED)/.test(err.code)) continue;
      drop(path);
      parentPort.postMessage({ op: 'lost', path, error: String(err && err.message || err) });
    }
  }
  schedule(behind ? ${BUSY_MS} : ${IDLE_MS});
}
parentPort.on('message', (m) => {
  if (m.op === 'add') {
    const file = files.get(m.path);
    if (file) file.refs++;
    else {
      try {
        const db = new Database(m.path, { fileMustExist: true, timeout: 5000 });
        files.set(m.path, { db, refs: 1, checkpoint: db.prepare('PRAGMA wal_checkpoint(PASSIVE)') });
      } catch (err) {
        parentPort.postMessage({ op: 'lost', path: m.path, error: String(err && err.message || err) });
      }
    }
    if (!timer) schedule(${BUSY_MS});
  } else if (m.op === 'remove') {
    const file = files.get(m.path);
    if (file && --file.refs === 0) drop(m.path);
    if (!files.size) schedule(0);
    parentPort.postMessage({ op: 'removed', id: m.id });
  }
});
`;

type FromWorker = { op: 'lost'; path: string; error: string } | { op: 'removed'; id: number };

export interface CheckpointerOptions {
  /** The better-sqlite3 module the worker loads (tests name one that fails). */
  driver?: string;
  /** Told when the worker stops checkpointing a file (the connection has then gone back to its own). */
  onLost?: (path: string, error: string) => void;
}

/**
 * Checkpoints for the files attached to it, on one worker thread started at the first and stopped
 * after the last. The worker never keeps the process alive.
 */
export class Checkpointer {
  readonly #driver: string;
  readonly #onLost: CheckpointerOptions['onLost'];
  #worker: Worker | null = null;
  /** Per attached connection: what puts it back on its own checkpoints. */
  readonly #fallbacks = new Map<string, Set<() => void>>();
  readonly #removals = new Map<number, () => void>();
  #nextId = 0;

  constructor(options: CheckpointerOptions = {}) {
    this.#driver = options.driver ?? createRequire(import.meta.url).resolve('better-sqlite3');
    this.#onLost = options.onLost;
  }

  /**
   * Checkpoint `path` from the worker; `fallback` puts the caller's connection back on its own
   * checkpoints if the worker stops. Returns `detach`, which resolves once the worker has let go.
   */
  attach(path: string, fallback: () => void): () => Promise<void> {
    const file = resolve(path);
    const worker = this.#start();
    const fallbacks = this.#fallbacks.get(file) ?? new Set();
    this.#fallbacks.set(file, fallbacks);
    fallbacks.add(fallback);
    worker.postMessage({ op: 'add', path: file });
    let detached: Promise<void> | null = null;
    return () =>
      (detached ??= new Promise<void>((done) => {
        if (!fallbacks.delete(fallback) || this.#worker !== worker) return done();
        if (!fallbacks.size) this.#fallbacks.delete(file);
        const id = this.#nextId++;
        this.#removals.set(id, done);
        worker.postMessage({ op: 'remove', path: file, id });
      }).then(() => this.#stopIfUnused(worker)));
  }

  #start(): Worker {
    if (this.#worker) return this.#worker;
    const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { driver: this.#driver } });
    worker.unref();
    worker.on('message', (m: FromWorker) => {
      if (m.op === 'removed') {
        this.#removals.get(m.id)?.();
        this.#removals.delete(m.id);
      } else this.#lose(m.path, m.error);
    });
    const stopped = (error: string) => {
      if (this.#worker !== worker) return;
      this.#worker = null;
      for (const path of [...this.#fallbacks.keys()]) this.#lose(path, error);
      for (const done of this.#removals.values()) done();
      this.#removals.clear();
    };
    worker.on('error', (err) => stopped(err.message));
    worker.on('exit', (code) => stopped(`checkpoint worker exited (${code})`));
    this.#worker = worker;
    return worker;
  }

  #lose(path: string, error: string): void {
    const fallbacks = this.#fallbacks.get(path);
    this.#fallbacks.delete(path);
    if (!fallbacks) return;
    for (const fallback of fallbacks) fallback();
    this.#onLost?.(path, error);
  }

  async #stopIfUnused(worker: Worker): Promise<void> {
    if (this.#worker !== worker || this.#fallbacks.size || this.#removals.size) return;
    this.#worker = null;
    await worker.terminate();
  }
}
