/**
 * Where the metrics are read (docs/deploying.md): `GET /metrics` on the main port behind
 * `Authorization: Bearer $METRICS_TOKEN`, and/or on a listener of their own at
 * METRICS_HOST:METRICS_PORT (no token: keep that port private). With WORKERS=N the primary owns the
 * sum of every worker's metrics (prom-client's AggregatorRegistry): the separate port is the
 * primary's, and a worker asked on the main port fetches the sum from its primary.
 */
import cluster from 'node:cluster';
import { timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import client from 'prom-client';
import { registry } from './metrics.ts';

export const METRICS_CONTENT_TYPE = registry.contentType;

type Ask = { type: 'metrics:ask'; id: number };
type Answer = { type: 'metrics:answer'; id: number; text?: string; error?: string };

/** The bearer token is right (compared in constant time). */
export function metricsTokenMatches(header: string | undefined, token: string): boolean {
  const given = Buffer.from(header?.replace(/^Bearer\s+/i, '') ?? '');
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

let asked = 0;
const waiting = new Map<number, { resolve: (text: string) => void; reject: (err: Error) => void }>();

/** This process's metrics, or in a cluster's worker every worker's, summed by the primary. */
export function metricsText(): Promise<string> {
  if (!cluster.isWorker) return registry.metrics();
  const id = ++asked;
  if (asked === 1)
    process.on('message', (message: Answer) => {
      if (message?.type !== 'metrics:answer') return;
      const pending = waiting.get(message.id);
      waiting.delete(message.id);
      if (message.error !== undefined) pending?.reject(new Error(message.error));
      else pending?.resolve(message.text ?? '');
    });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      waiting.delete(id);
      reject(new Error('the primary did not answer with the metrics'));
    }, 6_000);
    waiting.set(id, {
      resolve: (text) => (clearTimeout(timer), resolve(text)),
      reject: (err) => (clearTimeout(timer), reject(err)),
    });
    process.send?.({ type: 'metrics:ask', id } satisfies Ask);
  });
}

/** In a cluster's worker: answer the primary's collection with this registry (prom-client's protocol). */
export function reportMetricsToPrimary(): void {
  client.AggregatorRegistry.setRegistries([registry]);
  new client.AggregatorRegistry(); // adds the worker's listener for the primary's requests
}

/**
 * In the primary: sum the workers' metrics, for a worker that asks (`metricsText`) and for the
 * separate listener. Returns what reads the sum.
 */
export function aggregateWorkerMetrics(): () => Promise<string> {
  const aggregator = new client.AggregatorRegistry();
  const read = () => aggregator.clusterMetrics();
  cluster.on('message', (worker, message: Ask) => {
    if (message?.type !== 'metrics:ask') return;
    read().then(
      (text) => worker.send({ type: 'metrics:answer', id: message.id, text } satisfies Answer),
      (err: Error) =>
        worker.send({ type: 'metrics:answer', id: message.id, error: err.message } satisfies Answer),
    );
  });
  return read;
}

/** The separate listener: `GET /metrics` at METRICS_HOST:METRICS_PORT. */
export function startMetricsListener(
  host: string,
  port: number,
  read: () => Promise<string>,
  onError: (err: Error) => void,
): http.Server {
  const server = http.createServer((req, res) => {
    if (req.method !== 'GET' || req.url?.split('?')[0] !== '/metrics') {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found\n');
      return;
    }
    read().then(
      (text) => res.writeHead(200, { 'content-type': METRICS_CONTENT_TYPE }).end(text),
      (err: Error) => res.writeHead(503, { 'content-type': 'text/plain' }).end(`${err.message}\n`),
    );
  });
  server.on('error', onError);
  server.listen(port, host);
  return server;
}
