/**
 * A tiny local HTTP server for test doubles of outside services (receivers, Xero, QuickBooks):
 * listens on 127.0.0.1 on a free port, records every request, and lets a test queue canned
 * failures (`failNext`) ahead of the normal handler — e.g. a 429 with Retry-After, a 503, a 401.
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';

export interface RecordedRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  body: string;
  json: any;
  at: number;
}

export interface Reply {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
  /** Wait before answering (a slow receiver). */
  delayMs?: number;
}

/** A small, valid-looking PDF naming `title` (a stand-in for a tool's invoice PDF). */
export function fakePdf(title: string): string {
  return `%PDF-1.4\n1 0 obj << /Title (${title}) >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n`;
}

export type Handler = (req: RecordedRequest) => Reply | Promise<Reply>;

export interface FakeHttp {
  url: string;
  port: number;
  requests: RecordedRequest[];
  /** The next `times` requests matching `match` get `reply` instead of the normal answer. */
  failNext(match: (r: RecordedRequest) => boolean, reply: Reply, times?: number): void;
  close(): Promise<void>;
}

export async function startFakeHttp(handler: Handler): Promise<FakeHttp> {
  const requests: RecordedRequest[] = [];
  const failures: Array<{ match: (r: RecordedRequest) => boolean; reply: Reply; left: number }> = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', async () => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      const body = Buffer.concat(chunks).toString('utf8');
      let json: unknown = null;
      try {
        json = body ? JSON.parse(body) : null;
      } catch {
        /* form or text */
      }
      const rec: RecordedRequest = {
        method: req.method ?? 'GET',
        path: url.pathname,
        query: url.searchParams,
        headers: req.headers,
        body,
        json,
        at: Date.now(),
      };
      requests.push(rec);
      let reply: Reply;
      const failure = failures.find((f) => f.left > 0 && f.match(rec));
      try {
        if (failure) {
          failure.left--;
          reply = failure.reply;
        } else reply = await handler(rec);
      } catch (err) {
        reply = { status: 500, body: { error: (err as Error).message } };
      }
      if (reply.delayMs) await new Promise((r) => setTimeout(r, reply.delayMs));
      if (res.destroyed) return;
      const text =
        reply.body === undefined
          ? ''
          : typeof reply.body === 'string'
            ? reply.body
            : JSON.stringify(reply.body);
      res.writeHead(reply.status, {
        'content-type': typeof reply.body === 'string' ? 'text/plain' : 'application/json',
        ...reply.headers,
      });
      res.end(text);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    requests,
    failNext(match, reply, times = 1) {
      failures.push({ match, reply, left: times });
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
