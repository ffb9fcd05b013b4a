/**
 * `npm start` as an operator or a process manager runs it (issue 48): SIGTERM to npm stops the
 * server gracefully — npm exits 0, no server process is left, the port is free for the next start.
 * Before, a shell between npm and scripts/start.ts passed the signal to no one and the server kept
 * the port. Also: npm killed outright (SIGKILL) leaves no server behind for long.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../e2e/support/server.ts';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function portFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

/** Something still accepts connections on the port. */
function serverRunning(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
  });
}

async function startNpm(port: number, dataDir: string): Promise<{ npm: ChildProcess; output: () => string }> {
  let output = '';
  const npm = spawn('npm', ['start'], {
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: `sqlite:${join(dataDir, 'app.db')}`,
      SANDBOX_DATABASE_URL: `sqlite:${join(dataDir, 'sandbox.db')}`,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  npm.stdout!.on('data', (d) => (output += d));
  npm.stderr!.on('data', (d) => (output += d));
  const deadline = Date.now() + 90_000;
  while (!output.includes('is running on port')) {
    if (npm.exitCode !== null || Date.now() > deadline)
      throw new Error(`npm start did not serve:\n${output}`);
    await sleep(100);
  }
  return { npm, output: () => output };
}

describe('npm start and signals', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'invoicepay-npm-start-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('SIGTERM to npm: exit 0, no server left, the port free', async () => {
    const port = await freePort();
    const { npm, output } = await startNpm(port, dataDir);
    const exited = new Promise<number | null>((r) => npm.once('exit', (code) => r(code)));
    npm.kill('SIGTERM');
    expect(await exited).toBe(0);
    const deadline = Date.now() + 5_000;
    while (await serverRunning(port)) {
      if (Date.now() > deadline) throw new Error(`the server still listens after npm exited:\n${output()}`);
      await sleep(100);
    }
    expect(await portFree(port)).toBe(true);
  }, 120_000);

  it('npm killed outright: the server stops within seconds', async () => {
    const port = await freePort();
    const { npm, output } = await startNpm(port, dataDir);
    npm.kill('SIGKILL');
    const deadline = Date.now() + 15_000;
    while (await serverRunning(port)) {
      if (Date.now() > deadline) throw new Error(`the server outlived npm:\n${output()}`);
      await sleep(200);
    }
    expect(await portFree(port)).toBe(true);
  }, 120_000);
});
