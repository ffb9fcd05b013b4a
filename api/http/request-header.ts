/**
 * One request header, read from Node's own parsed headers when the request came through
 * @hono/node-server: `c.req.header()` would first build a web `Headers` object from all of them,
 * which costs more than many a handler. Elsewhere (tests' `app.request()`) it is `c.req.header()`.
 */
import type { IncomingMessage } from 'node:http';
import type { Context } from 'hono';

/** `name` in lower case. A repeated header gives its first value. */
export function headerOf(c: Context, name: string): string | undefined {
  const headers = (c.env as { incoming?: Partial<IncomingMessage> } | undefined)?.incoming?.headers;
  if (!headers) return c.req.header(name);
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
}
