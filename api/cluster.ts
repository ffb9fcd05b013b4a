/**
 * `WORKERS=N` (PostgreSQL only): the primary process serves nothing itself; it starts N workers of
 * this same server on one port (node:cluster shares the listening socket; each worker accepts its own
 * connections, see `acceptInWorkers`) and looks after them. The first worker migrates the database and runs the demo seed,
 * then the others start; the primary prints the start-up lines once, when all of them serve. A worker that dies is replaced
 * (unless workers keep dying: then everything stops with the last one's code). SIGTERM/SIGINT stop
 * every worker gracefully — each finishes its in-flight requests and closes its database — then the
 * primary exits.
 *
 * Every worker is a full server: state that must be shared lives in PostgreSQL (ledger, sessions,
 * rate limits) and caches another worker can make stale are invalidated by LISTEN/NOTIFY
 * (docs/deploying.md).
 */
import cluster, { type Worker } from 'node:cluster';
import type { Config } from './config.ts';

/** What a worker tells the primary. */
export type WorkerMessage = { type: 'ready'; lines: string[] };

/** Environment a worker is started with (beside the primary's own). */
export const WORKER_ROLE = 'INVOICEPAY_WORKER_ROLE';

const CRASH_WINDOW_MS = 60_000;
const MAX_CRASHES = 5;
const STOP_TIMEOUT_MS = 15_000;

/**
 * Workers accept connections on the shared socket themselves (SCHED_NONE) instead of the primary
 * accepting each one and handing it to a worker (node's default round-robin). With round-robin, a
 * worker that died between the hand-off and its acknowledgement left that connection open in the
 * primary, never answered: a customer's request hung until a proxy or browser gave up
 * (tests/reliability/workers.test.ts shows it). Now a dead worker's connections close with it — the
 * customer sees an error and retries with the same Idempotency-Key — and waiting connections go to
 * the other workers. `NODE_CLUSTER_SCHED_POLICY` (rr | none), node's own setting, still wins.
 */
function acceptInWorkers(): void {
  if (!process.env.NODE_CLUSTER_SCHED_POLICY) cluster.schedulingPolicy = cluster.SCHED_NONE;
}

export function runPrimary(config: Readonly<Config>): void {
  acceptInWorkers();
  // The resolved secrets go to every worker, so none generates its own.
  const shared = { JWT_SECRET: config.jwtSecret ?? '', ENCRYPTION_KEY: config.encryptionKey ?? '' };
  const crashes: number[] = [];
  let stopping = false;
  let ready = 0; // workers serving now
  let served = false; // some worker has served (so a death is a crash, not a failed start-up)
  let lines: string[] = [];
  let announced = false;

  const fork = (role: 'first' | 'other'): Worker => {
    const worker = cluster.fork({ ...shared, [WORKER_ROLE]: role });
    let serving = false;
    worker.on('message', (message: WorkerMessage) => {
      if (message?.type !== 'ready' || serving) return;
      serving = true;
      served = true;
      ready++;
      // A replacement: said once it serves, as its predecessor's exit was.
      if (announced) console.error(`Worker ${worker.process.pid} serves`);
      // Migrated and seeded: the others start now.
      if (role === 'first') {
        lines = message.lines;
        for (let i = 1; i < config.workers; i++) fork('other');
      }
      // Printed once, when every worker serves.
      if (ready === config.workers && !announced) {
        announced = true;
        console.log(
          lines
            .join('\n')
            .replace(/ is running on port (\d+)/, ` is running on port $1 (${config.workers} workers)`),
        );
      }
    });
    worker.on('exit', (code, signal) => {
      if (stopping) return;
      // A clean exit is a worker told to stop (Ctrl-C reaches the whole process group): all stop.
      if (code === 0) return stop(0);
      const now = Date.now();
      crashes.push(now);
      while (crashes.length && now - crashes[0] > CRASH_WINDOW_MS) crashes.shift();
      // The first start-up failed (it has said why: it shares our output): stop with its code. A
      // replacement that dies before it serves counts as a crash like any other.
      if (!served) return stop(code || 1);
      console.error(`Worker ${worker.process.pid} exited (${signal ?? `code ${code}`}); starting another`);
      if (crashes.length >= MAX_CRASHES) {
        console.error(`${MAX_CRASHES} workers exited within a minute; stopping`);
        return stop(code || 1);
      }
      if (serving) ready--;
      fork('other');
    });
    return worker;
  };

  const stop = (code: number) => {
    if (stopping) return;
    stopping = true;
    const workers = Object.values(cluster.workers ?? {}).filter((w): w is Worker => !!w && !w.isDead());
    const force = setTimeout(() => process.exit(code || 1), STOP_TIMEOUT_MS);
    force.unref();
    let left = workers.length;
    if (left === 0) process.exit(code);
    for (const worker of workers) {
      worker.once('exit', () => {
        if (--left === 0) process.exit(code);
      });
      worker.process.kill('SIGTERM');
    }
  };

  process.on('SIGTERM', () => stop(0));
  process.on('SIGINT', () => stop(0));
  fork('first');
}
