/**
 * The real server, as `npm start` runs it (the bundle of scripts/build-server.ts, plain Node), for
 * benchmarks and reliability tests: a child process on a free loopback port with fresh SQLite files
 * (app and sandbox provider), sandbox payments and rate limits off — plus what those need that tests/e2e/support/server.ts does not
 * give: the process id (RSS sampling), a signed-in admin, connected merchants, and the sandbox's
 * webhook secret (to post signed provider events as Stripe would).
 */
import Database from 'better-sqlite3';
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { signAccessToken } from '../../api/auth/access-token.ts';
import { buildServer } from '../../scripts/build-server.ts';
import { serverNodeFlags } from '../../scripts/server-flags.ts';
import { systemClock } from '../../api/context.ts';
import { signPayload } from '../../api/sandbox/provider/signature.ts';
import { createConnectedMerchant, type TestMerchant } from '../../tests/e2e/support/pay-fixtures.ts';
import { freePort } from '../../tests/e2e/support/server.ts';

export const BENCH_JWT_SECRET = 'bench-secret-bench-secret-bench-secret-0123';
export const BENCH_ENCRYPTION_KEY = 'bench-encryption-key-bench-encryption-key-01';

export interface AppServer {
  baseUrl: string;
  port: number;
  pid: number;
  dataDir: string;
  output(): string;
  /** Resident set size of the server process, in MB (from /proc). */
  rssMb(): number;
  /** A new verified admin's `authorization` header. */
  adminHeaders(): Promise<{ authorization: string }>;
  merchant(overrides?: Parameters<typeof createConnectedMerchant>[1]): TestMerchant;
  /** `Stripe-Signature` for a raw event body, signed with the sandbox's secret as Stripe signs. */
  signEvent(rawBody: string): string;
  /** Graceful SIGTERM; removes the data folder unless it was given or `keepData` is set. */
  stop(options?: { keepData?: boolean }): Promise<void>;
  /** Remove the data folder (after `stop({ keepData: true })`); never one that was given. */
  removeData(): void;
  /** SIGKILL (crash); keeps the data folder. */
  kill(): Promise<void>;
}

let bundled: Promise<string> | null = null;
/** The server as `npm start` runs it (scripts/build-lib.ts), bundled once per process from the current code. */
const serverBundle = () => (bundled ??= buildServer());

export function rssMbOf(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)\s+kB/.exec(status)?.[1] ?? NaN);
  return kb / 1024;
}

/**
 * CPU time (ms) a process has used so far — utime + stime from /proc, in clock ticks of 10 ms — or,
 * with `mainThread`, its main thread's alone (the event loop, which bounds a server's throughput).
 */
export function cpuMsOf(pid: number, o: { mainThread?: boolean } = {}): number {
  const path = o.mainThread ? `/proc/${pid}/task/${pid}/stat` : `/proc/${pid}/stat`;
  const f = readFileSync(path, 'utf8').split(') ')[1].split(' ');
  return ((Number(f[11]) + Number(f[12])) * 1000) / 100;
}

export async function startAppServer(
  options: { env?: Record<string, string>; dataDir?: string; port?: number; nodeArgs?: string[] } = {},
): Promise<AppServer> {
  const port = options.port ?? (await freePort());
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'invoicepay-bench-'));
  const baseUrl = `http://127.0.0.1:${port}`;
  let log = '';
  const child = spawn(
    process.execPath,
    [...serverNodeFlags(), ...(options.nodeArgs ?? []), await serverBundle()],
    {
      cwd: process.cwd(),
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        NODE_ENV: 'production',
        PORT: String(port),
        HOST: '127.0.0.1',
        PUBLIC_BASE_URL: baseUrl,
        DATABASE_URL: `sqlite:${join(dataDir, 'app.db')}`,
        SANDBOX_DATABASE_URL: `sqlite:${join(dataDir, 'sandbox.db')}`,
        PAYMENTS_PROVIDER: 'sandbox',
        JWT_SECRET: BENCH_JWT_SECRET,
        ENCRYPTION_KEY: BENCH_ENCRYPTION_KEY,
        MAIL_TRANSPORT: 'capture',
        RATE_LIMITS: '0',
        LOG_LEVEL: 'warn',
        STATIC_DIR: 'dist',
        ...options.env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  child.stdout!.on('data', (d) => (log = (log + d).slice(-200_000)));
  child.stderr!.on('data', (d) => (log = (log + d).slice(-200_000)));
  const exited = () =>
    new Promise<void>((r) =>
      child.exitCode !== null || child.signalCode !== null ? r() : child.once('exit', () => r()),
    );

  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${log}`);
    try {
      // Not kept alive: a pooled connection would outlive this check, and a caller that then kills
      // the process serving it (tests/reliability/workers.test.ts) had its next request sent on it.
      if ((await fetch(`${baseUrl}/readyz`, { headers: { connection: 'close' } })).ok) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server not ready after 60 s:\n${log}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }

  let secret: string | null = null;
  const sandboxSecret = () => {
    if (secret) return secret;
    const db = new Database(join(dataDir, 'sandbox.db'), { readonly: true });
    try {
      db.pragma('busy_timeout = 5000');
      const row = db.prepare("SELECT value FROM sandbox_settings WHERE key = 'webhook_secret'").get() as {
        value: string;
      };
      secret = row.value;
      return secret;
    } finally {
      db.close();
    }
  };

  return {
    baseUrl,
    port,
    pid: child.pid!,
    dataDir,
    output: () => log,
    rssMb: () => rssMbOf(child.pid!),
    async adminHeaders() {
      const id = crypto.randomUUID();
      const now = new Date().toISOString();
      const db = new Database(join(dataDir, 'app.db'));
      try {
        db.pragma('busy_timeout = 5000');
        db.prepare(
          `INSERT INTO users (id, email, password_hash, role, email_verified_at, created_at, updated_at)
           VALUES (?, ?, 'not-a-hash', 'admin', ?, ?, ?)`,
        ).run(id, `admin-${id.slice(0, 8)}@bench.test`, now, now, now);
      } finally {
        db.close();
      }
      return { authorization: `Bearer ${await signAccessToken(BENCH_JWT_SECRET, id, systemClock)}` };
    },
    merchant: (overrides) => createConnectedMerchant({ dataDir }, overrides),
    signEvent: (rawBody) => signPayload(rawBody, sandboxSecret(), Math.floor(Date.now() / 1000)),
    async stop(o = {}) {
      child.kill('SIGTERM');
      await exited();
      if (!o.keepData && !options.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
    removeData() {
      if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
    async kill() {
      child.kill('SIGKILL');
      await exited();
    },
  };
}
