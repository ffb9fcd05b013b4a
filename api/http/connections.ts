/**
 * Connection limits of the HTTP server (issue 30 item 10): one client holding thousands of idle
 * connections must not starve everyone else (`/healthz` timing out). Two guards:
 *  - a new connection must start its request within HEADERS_TIMEOUT_MS and complete its headers
 *    within HEADERS_TIMEOUT_MS of starting them (node's own headers timeout counts from the first
 *    byte only, so a connection that sends nothing stayed open: ~90 s in the review), and an idle
 *    keep-alive connection closes after 5 s;
 *  - at most MAX_CONNECTIONS_PER_ADDRESS open connections per client address (per process); one more
 *    is closed at once. Behind a reverse proxy every connection comes from the proxy, so with
 *    TRUST_PROXY on the cap is off unless set: the proxy limits its clients (docs/deploying.md).
 */
import type { IncomingMessage, Server as HttpServer } from 'node:http';
import type { Socket } from 'node:net';

export interface ConnectionLimits {
  /** Open connections per client address; 0: no cap. */
  perAddress: number;
  /** Time allowed for a connection's complete request headers. */
  headersTimeoutMs: number;
}

/** Options for node's http.createServer: how often the headers timeout is checked. */
export function serverOptions(limits: ConnectionLimits) {
  return { connectionsCheckingInterval: Math.max(250, Math.min(2_000, limits.headersTimeoutMs / 4)) };
}

/** Apply the limits to a server (before it listens). Returns the open connections per address. */
export function limitConnections(server: HttpServer, limits: ConnectionLimits): Map<string, number> {
  server.headersTimeout = limits.headersTimeoutMs;
  // The whole request (headers and body) within a minute; bodies here are small (api/http body limits).
  server.requestTimeout = Math.max(60_000, limits.headersTimeoutMs);
  server.keepAliveTimeout = 5_000;
  const open = new Map<string, number>();
  // A connection without a complete request by then is closed (node's headers timeout starts at the
  // first byte). Cleared by its first request: node's parser reads the socket itself (no 'data').
  const silent = new WeakMap<Socket, NodeJS.Timeout>();
  server.on('request', (req: IncomingMessage) => {
    const timer = silent.get(req.socket);
    if (!timer) return;
    clearTimeout(timer);
    silent.delete(req.socket);
  });
  server.on('connection', (socket: Socket) => {
    const timer = setTimeout(() => socket.destroy(), limits.headersTimeoutMs);
    timer.unref();
    silent.set(socket, timer);
    socket.once('close', () => clearTimeout(timer));
    if (limits.perAddress <= 0) return;
    const address = socket.remoteAddress ?? '';
    const count = (open.get(address) ?? 0) + 1;
    if (count > limits.perAddress) {
      socket.destroy();
      return;
    }
    open.set(address, count);
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left <= 0) open.delete(address);
      else open.set(address, left);
    });
  });
  return open;
}
