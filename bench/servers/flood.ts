/**
 * Hostile traffic for memory tests and the flood benchmark: a huge request body sent as a stream
 * (chunked, or with a declared Content-Length) that stops as soon as the server answers or hangs
 * up, and GETs of never-seen paths.
 */
import { request } from 'node:http';

export interface OversizedAnswer {
  /** The server's status, or null when it closed the connection without one. */
  status: number | null;
  body: string;
  /** Bytes of the body written before the answer (or the hang-up). */
  sent: number;
}

const CHUNK = Buffer.alloc(1024 * 1024, 0x20);

/**
 * POST `totalBytes` of spaces inside a JSON-looking body to `url`, streamed 1 MB at a time.
 * `declareLength`: send Content-Length (else Transfer-Encoding: chunked).
 */
export function sendOversized(
  url: string,
  totalBytes: number,
  options: { declareLength?: boolean; headers?: Record<string, string> } = {},
): Promise<OversizedAnswer> {
  return new Promise((resolve) => {
    let sent = 0;
    let done = false;
    const finish = (answer: OversizedAnswer) => {
      if (done) return;
      done = true;
      req.destroy();
      resolve(answer);
    };
    const req = request(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(options.declareLength ? { 'content-length': String(totalBytes) } : {}),
        ...options.headers,
      },
    });
    req.on('response', (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (d) => (body += d));
      res.on('end', () => finish({ status: res.statusCode ?? null, body, sent }));
      res.on('error', () => finish({ status: res.statusCode ?? null, body, sent }));
    });
    req.on('error', () => setTimeout(() => finish({ status: null, body: '', sent }), 200));
    const pump = () => {
      while (!done && sent < totalBytes) {
        const n = Math.min(CHUNK.length, totalBytes - sent);
        sent += n;
        if (!req.write(n === CHUNK.length ? CHUNK : CHUNK.subarray(0, n)))
          return void req.once('drain', pump);
      }
      if (!done) req.end();
    };
    req.write('{"pad":"');
    pump();
  });
}

/** GET `count` distinct never-seen paths (each `length` characters long), `parallel` at a time. */
export async function getUniquePaths(
  baseUrl: string,
  count: number,
  options: { length?: number; parallel?: number; prefix?: string; extension?: string } = {},
): Promise<Map<number, number>> {
  const statuses = new Map<number, number>();
  const length = options.length ?? 1500;
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const i = next++;
      const tail = `${i}-${crypto.randomUUID()}`;
      const path = `${options.prefix ?? '/assets/'}${'p'.repeat(Math.max(0, length - tail.length))}${tail}${options.extension ?? '.js'}`;
      const res = await fetch(`${baseUrl}${path}`);
      await res.arrayBuffer();
      statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
    }
  };
  await Promise.all(Array.from({ length: options.parallel ?? 8 }, worker));
  return statuses;
}
