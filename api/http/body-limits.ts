/**
 * Request body limits per route (Hono's `bodyLimit`). A body over its route's limit is answered 413
 * `payload_too_large` without being read whole: a declared Content-Length over the limit is refused
 * before a byte is read, and a streamed (chunked) body is counted as it arrives and refused at the
 * first chunk past the limit — so at most the limit is ever held in memory. The refusal closes the
 * connection (`Connection: close`). On the server a streamed body is read from Node's request
 * itself, and past the limit nothing more is kept: what still arrives until the connection closes
 * is dropped as it comes. Read through a web stream instead, each refused body left megabytes of
 * chunks for the garbage collector, and a flood of them (`npm run bench -- --only flood-rss`)
 * peaked at 200–205 MB; now at 181–189 MB, serving more of the flood's other requests.
 *
 * | route | limit |
 * |---|---|
 * | `POST /api/webhooks/stripe` (provider events) | 1 MB |
 * | `POST /api/admin/blogs`, `PUT /api/admin/blogs/{id}` (a post's HTML) | 1 MB |
 * | every other API write (small JSON) | 16 KB |
 */
import type { IncomingMessage } from 'node:http';
import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { AppEnv } from '../context.ts';
import { AppError } from '../errors.ts';
import { headerOf } from './request-header.ts';

const KB = 1024;
const MB = 1024 * KB;

export const BODY_LIMITS = {
  /** Every JSON write route not listed below: the largest legitimate body is a few KB. */
  small: 16 * KB,
  /** Stripe events: a large event (e.g. an invoice with many lines) is some hundreds of KB. */
  webhook: 1 * MB,
  /** Blog posts: content is at most 200,000 characters, up to 4 bytes each in UTF-8 JSON. */
  blog: 1 * MB,
} as const;

const ROUTES: Array<[method: string, path: RegExp, limit: number]> = [
  ['POST', /^\/api\/webhooks\/stripe\/?$/, BODY_LIMITS.webhook],
  ['POST', /^\/api\/admin\/blogs\/?$/, BODY_LIMITS.blog],
  ['PUT', /^\/api\/admin\/blogs\/[^/]+\/?$/, BODY_LIMITS.blog],
];

/** The body limit of a request, in bytes. */
export function bodyLimitFor(method: string, path: string): number {
  for (const [m, re, limit] of ROUTES) if (m === method && re.test(path)) return limit;
  return BODY_LIMITS.small;
}

const describe = (bytes: number) => (bytes >= MB ? `${bytes / MB} MB` : `${bytes / KB} KB`);

function tooLarge(maxSize: number): AppError {
  return new AppError('payload_too_large', `Request body too large: at most ${describe(maxSize)} here`, {
    headers: { Connection: 'close' },
  });
}

function limiter(maxSize: number): MiddlewareHandler<AppEnv> {
  // A declared length: Hono's bodyLimit judges it from the header alone.
  const declared = bodyLimit({ maxSize, onError: () => Promise.reject(tooLarge(maxSize)) });
  return async (c, next) => {
    // A declared length is the whole body (Node's parser reads exactly that many bytes and refuses
    // a request that declares both): judged from Node's own headers, without turning the request
    // into a web Request with a body stream (the handler then reads the body straight from Node).
    const length = headerOf(c, 'content-length');
    const chunked = headerOf(c, 'transfer-encoding');
    if (length !== undefined && !chunked) {
      if (Number.parseInt(length, 10) > maxSize) throw tooLarge(maxSize);
      return next();
    }
    // Streamed, on the server: straight from Node's request (readWithin).
    const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
    if (chunked && incoming) {
      const whole = await readWithin(incoming, maxSize);
      c.req.raw = new Request(c.req.raw, { body: whole });
      return next();
    }
    const body = c.req.raw.body;
    if (!body || !chunked) return declared(c, next);
    // Streamed, elsewhere (app.request in tests: a web Request only): keep the chunks as they
    // come and stop reading at the first one past the limit (cancelling the stream stops it).
    const reader = body.getReader();
    const chunks: Uint8Array[] = [];
    let size = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > maxSize) {
        reader.cancel().catch(() => {});
        throw tooLarge(maxSize);
      }
      chunks.push(value);
    }
    c.req.raw = new Request(c.req.raw, { body: Buffer.concat(chunks, size) });
    return next();
  };
}

/**
 * Read a streamed body from Node's request as it arrives, at most `maxSize` bytes: past it, keep
 * nothing more and refuse; the refusal closes the connection.
 */
function readWithin(incoming: IncomingMessage, maxSize: number): Promise<Buffer<ArrayBuffer>> {
  return new Promise<Buffer<ArrayBuffer>>((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxSize) {
        // Kept flowing, but to no one: what still arrives is dropped as it comes (it dies young),
        // and the refusal reaches the client (a socket closed with unread bytes resets the
        // connection, and the answer with it).
        incoming.off('data', onData);
        chunks.length = 0;
        reject(tooLarge(maxSize));
        return;
      }
      chunks.push(chunk);
    };
    incoming.on('data', onData);
    incoming.once('end', () => resolve(Buffer.concat(chunks, size)));
    incoming.once('error', reject);
    // The client went away before the end: nothing to answer (settles once; an end wins).
    incoming.once('close', () => reject(new Error('the request body ended early: the client closed')));
  });
}

const BODILESS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Mount on `/api/*`: every request that may carry a body gets its route's limit. */
export function bodyLimits(): MiddlewareHandler<AppEnv> {
  const byLimit = new Map<number, MiddlewareHandler<AppEnv>>();
  for (const limit of [BODY_LIMITS.small, ...ROUTES.map((r) => r[2])])
    if (!byLimit.has(limit)) byLimit.set(limit, limiter(limit));
  return (c, next) => {
    // Hot reads (the pay session) never touch the body stream.
    if (BODILESS.has(c.req.method)) return next();
    return byLimit.get(bodyLimitFor(c.req.method, c.req.path))!(c, next);
  };
}
