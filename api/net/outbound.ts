/**
 * One outbound HTTP request to a URL an admin set (automation webhooks): SSRF-checked before and at
 * connect time (api/net/ssrf.ts), a hard overall timeout, no redirects followed (a 3xx is an answer,
 * not a hop to an unchecked URL), no connection reuse, and at most 64 KB of the answer read.
 */
import http, { type IncomingHttpHeaders } from 'node:http';
import https from 'node:https';
import { assertOutboundUrlAllowed, guardedLookup, type OutboundPolicy } from './ssrf.ts';

export interface OutboundRequest {
  method: 'POST' | 'GET' | 'PUT';
  url: string;
  headers?: Record<string, string>;
  body?: string;
  timeoutMs: number;
}

export interface OutboundResponse {
  status: number;
  headers: IncomingHttpHeaders;
  /** The first 64 KB of the body. */
  body: string;
}

const MAX_RESPONSE_BYTES = 64 * 1024;

export class OutboundTimeoutError extends Error {
  constructor(ms: number) {
    super(`No answer within ${ms} ms`);
    this.name = 'OutboundTimeoutError';
  }
}

/** Throws `OutboundUrlError` (refused), `OutboundTimeoutError`, or a network error. */
export async function sendOutbound(
  request: OutboundRequest,
  policy: OutboundPolicy,
): Promise<OutboundResponse> {
  const { url } = await assertOutboundUrlAllowed(request.url, policy);
  const client = url.protocol === 'https:' ? https : http;
  const body = request.body === undefined ? undefined : Buffer.from(request.body);
  return new Promise<OutboundResponse>((resolve, reject) => {
    const req = client.request(
      url,
      {
        method: request.method,
        headers: { ...request.headers, ...(body ? { 'content-length': String(body.length) } : {}) },
        lookup: guardedLookup(policy) as never,
        agent: false,
      },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          if (size >= MAX_RESPONSE_BYTES) return;
          chunks.push(chunk);
          size += chunk.length;
        });
        res.on('end', () => {
          clearTimeout(timer);
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks).subarray(0, MAX_RESPONSE_BYTES).toString('utf8'),
          });
        });
        res.on('error', (err) => {
          clearTimeout(timer);
          reject(err);
        });
      },
    );
    const timer = setTimeout(
      () => req.destroy(new OutboundTimeoutError(request.timeoutMs)),
      request.timeoutMs,
    );
    req.on('error', (err) => {
      clearTimeout(timer);
      reject(err);
    });
    req.end(body);
  });
}
