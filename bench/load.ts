/** Helpers for HTTP throughput benchmarks: a server in a child process, autocannon against it. */
import { spawn, type ChildProcess } from 'node:child_process';
import autocannon from 'autocannon';

export interface ChildServer {
  port: number;
  stop(): Promise<void>;
  process: ChildProcess;
}

/** Start `node --import tsx SCRIPT` that prints `listening PORT`. */
export function startChildServer(
  script: string,
  args: string[] = [],
  env: Record<string, string> = {},
): Promise<ChildServer> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout!.on('data', (d) => {
      out += d;
      const m = /listening (\d+)/.exec(out);
      if (m) {
        resolve({
          port: Number(m[1]),
          process: child,
          stop: () =>
            new Promise((r) => {
              child.once('exit', () => r());
              child.kill('SIGTERM');
            }),
        });
      }
    });
    child.once('exit', (code) => reject(new Error(`${script} exited with ${code}`)));
  });
}

export async function measureThroughput(
  url: string,
  options: {
    seconds: number;
    connections?: number;
    method?: 'GET' | 'POST';
    body?: string;
    headers?: Record<string, string>;
  },
): Promise<{ requestsPerSecond: number; errors: number; non2xx: number; p99: number }> {
  const result = await autocannon({
    url,
    duration: options.seconds,
    connections: options.connections ?? 20,
    method: options.method ?? 'GET',
    body: options.body,
    headers: options.headers,
  });
  return {
    requestsPerSecond: result.requests.average,
    errors: result.errors,
    non2xx: result.non2xx,
    p99: result.latency.p99,
  };
}
