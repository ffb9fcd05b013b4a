/**
 * One client holding idle connections cannot starve the others (issue 30 item 10), against the real
 * server process: connections beyond MAX_CONNECTIONS_PER_ADDRESS from one address are closed at
 * once while another address is served; connections that send no request are closed after
 * HEADERS_TIMEOUT_MS (node's default kept them ~90 s); then the address may connect again. The
 * client's "other address" is 127.0.0.2 (all of 127/8 is loopback on Linux).
 */
import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAppServer, type AppServer } from '../../bench/servers/app-server.ts';

const CAP = 20;
const HEADERS_TIMEOUT_MS = 1_500;

interface Held {
  socket: Socket;
  closedAt: number | null;
}

function openIdle(port: number, localAddress: string): Promise<Held> {
  return new Promise((resolve, reject) => {
    const held: Held = { socket: connect({ host: '127.0.0.1', port, localAddress }), closedAt: null };
    held.socket.once('connect', () => resolve(held));
    held.socket.once('error', (err) => (held.closedAt === null ? reject(err) : undefined));
    held.socket.on('close', () => (held.closedAt = Date.now()));
    held.socket.on('error', () => {});
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('connection limits on the real server', () => {
  let server: AppServer;
  let port: number;
  beforeAll(async () => {
    server = await startAppServer({
      env: { MAX_CONNECTIONS_PER_ADDRESS: String(CAP), HEADERS_TIMEOUT_MS: String(HEADERS_TIMEOUT_MS) },
    });
    port = Number(new URL(server.baseUrl).port);
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('closes connections over the per-address cap at once and idle ones after the headers timeout; others are served meanwhile', async () => {
    const started = Date.now();
    const held = await Promise.all(Array.from({ length: CAP * 3 }, () => openIdle(port, '127.0.0.2')));
    await sleep(300);
    const closedEarly = held.filter((h) => h.closedAt !== null).length;
    expect(closedEarly).toBe(CAP * 2); // everything over the cap, at once

    // Another address is served while that one holds its connections.
    const health = await fetch(`${server.baseUrl}/healthz`);
    expect(health.status).toBe(200);

    // The idle ones are closed after the headers timeout (with the check interval's slack).
    const deadline = Date.now() + HEADERS_TIMEOUT_MS + 3_000;
    while (held.some((h) => h.closedAt === null) && Date.now() < deadline) await sleep(100);
    const lasted = held.map((h) => (h.closedAt ?? Infinity) - started);
    expect(Math.max(...lasted)).toBeLessThan(HEADERS_TIMEOUT_MS + 3_000);
    expect(Math.max(...lasted)).toBeGreaterThanOrEqual(HEADERS_TIMEOUT_MS - 100);

    // The address may connect again, and a request sent in time is answered.
    const again = await openIdle(port, '127.0.0.2');
    const answer = await new Promise<string>((resolve) => {
      let text = '';
      again.socket.on('data', (d) => (text += d));
      again.socket.on('close', () => resolve(text));
      again.socket.write('GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n');
    });
    expect(answer).toMatch(/^HTTP\/1\.1 200/);
  });

  it('a request whose body takes longer than the headers timeout is still answered', async () => {
    const held = await openIdle(port, '127.0.0.3');
    const body = JSON.stringify({ type: 'card', card: { number: '4242424242424242' } });
    const answer = new Promise<string>((resolve) => {
      let text = '';
      held.socket.on('data', (d) => (text += d));
      held.socket.on('close', () => resolve(text));
    });
    held.socket.write(
      'POST /api/sandbox/payment_methods HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n' +
        `Content-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`,
    );
    // The body dribbles in over twice the headers timeout.
    const steps = 6;
    const size = Math.ceil(body.length / steps);
    for (let i = 0; i < steps; i++) {
      await sleep((HEADERS_TIMEOUT_MS * 2) / steps);
      expect(held.closedAt).toBeNull();
      held.socket.write(body.slice(i * size, (i + 1) * size));
    }
    expect(await answer).toMatch(/^HTTP\/1\.1 [24]\d\d/);
  });
});
