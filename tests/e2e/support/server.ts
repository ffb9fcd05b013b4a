/**
 * Starts the real server (`node --import tsx api/main.ts`) on a free loopback port with a fresh
 * SQLite database in a temp folder, serving the built front ends from dist/. Used by browser tests
 * and benchmarks. `kill()` sends SIGKILL (crash tests); `stop()` a graceful SIGTERM.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface RunningServer {
  baseUrl: string;
  port: number;
  dataDir: string;
  output: () => string;
  stop(): Promise<void>;
  kill(): Promise<void>;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

async function waitReady(baseUrl: string, child: ChildProcess, output: () => string, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${output()}`);
    try {
      const res = await fetch(`${baseUrl}/readyz`);
      if (res.ok) return;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`server not ready after ${timeoutMs} ms:\n${output()}`);
}

export async function startServer(
  options: { env?: Record<string, string>; dataDir?: string; port?: number } = {},
): Promise<RunningServer> {
  const port = options.port ?? (await freePort());
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'invoicepay-e2e-'));
  const baseUrl = `http://127.0.0.1:${port}`;
  let log = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'api/main.ts'], {
    cwd: process.cwd(),
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_BASE_URL: baseUrl,
      DATABASE_URL: `sqlite:${join(dataDir, 'app.db')}`,
      SANDBOX_DATABASE_URL: `sqlite:${join(dataDir, 'sandbox.db')}`,
      JWT_SECRET: 'e2e-secret-e2e-secret-e2e-secret-0123456',
      ENCRYPTION_KEY: 'e2e-encryption-key-e2e-encryption-key-01',
      RATE_LIMITS: '0',
      LOG_LEVEL: 'warn',
      STATIC_DIR: 'dist',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (d) => (log += d));
  child.stderr!.on('data', (d) => (log += d));
  const output = () => log;
  await waitReady(baseUrl, child, output);
  const exited = () =>
    new Promise<void>((r) => (child.exitCode !== null ? r() : child.once('exit', () => r())));
  return {
    baseUrl,
    port,
    dataDir,
    output,
    async stop() {
      child.kill('SIGTERM');
      await exited();
      if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
    async kill() {
      child.kill('SIGKILL');
      await exited();
    },
  };
}
