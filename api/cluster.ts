/**
 * `WORKERS=N` (PostgreSQL only): the primary process serves nothing itself; it binds the port,
 * starts N workers of this same server that accept on that one socket (`bindPort`), and looks after
 * them. The first worker migrates the database and runs the demo seed, then the others start; the
 * primary prints the start-up lines once, when all of them serve. A worker that dies is replaced;
 * when workers keep dying (a database down for minutes) each replacement waits longer, up to
 * MAX_RESTART_DELAY_MS, and the primary never gives up on them. SIGTERM/SIGINT stop
 * every worker gracefully — each finishes its in-flight requests and closes its database — then the
 * primary exits.
 *
 * Every worker is a full server: state that must be shared lives in PostgreSQL (ledger, sessions,
 * rate limits) and caches another worker can make stale are invalidated by LISTEN/NOTIFY
 * (docs/deploying.md).
 */
import cluster, { type Worker } from 'node:cluster';
import { lookup } from 'node:dns/promises';
import net from 'node:net';
import { getSystemErrorName } from 'node:util';
import type { Config } from './config.ts';
import { aggregateWorkerMetrics, startMetricsListener } from './metrics/serve.ts';

/** What a worker tells the primary: it serves, or it is ready for the listening socket. */
export type WorkerMessage = { type: 'ready'; lines: string[] } | { type: 'socket' };

/** Environment a worker is started with (beside the primary's own). */
export const WORKER_ROLE = 'INVOICEPAY_WORKER_ROLE';

/** Crashes within this window make the next replacement wait longer. */
const CRASH_WINDOW_MS = 300_000;
const FIRST_RESTART_DELAY_MS = 500;
const MAX_RESTART_DELAY_MS = 30_000;

/** How long a replacement waits after the `recent`-th crash in the window: at once, then doubling. */
export function restartDelay(recent: number): number {
  return recent <= 1 ? 0 : Math.min(MAX_RESTART_DELAY_MS, FIRST_RESTART_DELAY_MS * 2 ** (recent - 2));
}
const STOP_TIMEOUT_MS = 15_000;

export const portInUse = (port: number) => `Port ${port} is already in use (set PORT to another port)`;

/** A bound TCP socket as node's own handle (what `net.Server#listen(handle)` takes). */
interface ServerHandle {
  /** 0, or the error of the bind (libuv reports a failed bind at the next call, not at once). */
  getsockname(out: object): number;
  close(): void;
}
/** node's internal for binding without listening (node:cluster's own); an errno number on failure. */
type CreateServerHandle = (
  address: string,
  port: number,
  addressType: number,
  fd: undefined,
  flags: number,
) => ServerHandle | number;

/**
 * The listening socket is the primary's: it binds the port once, before any worker starts, and
 * hands the socket to each worker that asks (`listenOnPrimarySocket`), which listens on it and
 * accepts its own connections. The primary never accepts any itself.
 *
 * Two things follow, both tested in tests/reliability/workers.test.ts:
 *  - a worker that dies takes only its own connections with it (the customer sees an error and
 *    retries with the same Idempotency-Key); none is left accepted and unanswered, as with node's
 *    round-robin hand-off (the primary accepts, then passes the connection to a worker that may die
 *    before it takes it);
 *  - the port stays open while no worker serves (all crashed at once, or a replacement still
 *    starting): connections wait in the socket's queue until a worker serves, where node:cluster's
 *    shared socket closed with its last worker and refused them.
 */
async function bindPort(host: string, port: number): Promise<ServerHandle> {
  const { address, family } = await lookup(host);
  const create = (net as unknown as { _createServerHandle: CreateServerHandle })._createServerHandle;
  const handle = create(address, port, family, undefined, 0);
  // A port in use shows here, not at the bind: the socket was left unbound, and a worker listening
  // on it would be given a random port.
  const err = typeof handle === 'number' ? handle : handle.getsockname({});
  if (err === 0) return handle as ServerHandle;
  if (typeof handle !== 'number') handle.close();
  const code = getSystemErrorName(err);
  throw new Error(code === 'EADDRINUSE' ? portInUse(port) : `Could not listen on ${host}:${port} (${code})`);
}

/** In a worker: listen on the primary's socket (asked for once the app is ready to serve). */
export function listenOnPrimarySocket(server: net.Server, onListening: () => void): void {
  const receive = (message: unknown, handle: unknown) => {
    if ((message as WorkerMessage)?.type !== 'socket' || !handle) return;
    process.off('message', receive);
    server.listen(handle, onListening);
  };
  process.on('message', receive);
  process.send?.({ type: 'socket' } satisfies WorkerMessage);
}

export async function runPrimary(config: Readonly<Config>): Promise<void> {
  let socket: ServerHandle;
  try {
    socket = await bindPort(config.host, config.port);
  } catch (err) {
    console.error((err as Error).message);
    process.exit(1);
  }
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
      if (message?.type === 'socket') {
        // (A worker that died meanwhile cannot take it: nothing to do, its exit is handled.)
        if (!stopping) worker.send({ type: 'socket' }, socket as unknown as net.Server, () => {});
        return;
      }
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
      const delay = restartDelay(crashes.length);
      console.error(
        `Worker ${worker.process.pid} exited (${signal ?? `code ${code}`}); starting another${delay ? ` in ${delay / 1000} s (${crashes.length} exits in ${CRASH_WINDOW_MS / 60_000} minutes)` : ''}`,
      );
      if (serving) ready--;
      setTimeout(() => {
        if (!stopping) fork('other');
      }, delay);
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

  // Metrics: the primary sums its workers' (api/metrics/serve.ts), for METRICS_PORT and for a worker
  // asked on the main port.
  if (config.metrics.token || config.metrics.port) {
    const read = aggregateWorkerMetrics();
    if (config.metrics.port)
      startMetricsListener(config.metrics.host, config.metrics.port, read, (err) => {
        console.error(
          `Could not serve metrics on ${config.metrics.host}:${config.metrics.port}: ${err.message}`,
        );
        stop(1);
      });
  }

  process.on('SIGTERM', () => stop(0));
  process.on('SIGINT', () => stop(0));
  fork('first');
}
