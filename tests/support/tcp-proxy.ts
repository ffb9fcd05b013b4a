/**
 * A TCP proxy in front of a database, for tests of what the server does when its database goes
 * away: `forward` (normal), `down` (every connection cut, new ones refused at once: a restart or a
 * failover) and `stall` (connections stay open but nothing passes either way: a network that stops
 * forwarding, a database frozen). Leaving `stall` lets what was held through, in order.
 */
import net from 'node:net';

export type ProxyMode = 'forward' | 'down' | 'stall';

export interface TcpProxy {
  port: number;
  set(mode: ProxyMode): void;
  close(): Promise<void>;
}

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  let mode: ProxyMode = 'forward';
  const pairs = new Set<{ client: net.Socket; upstream: net.Socket }>();
  const server = net.createServer((client) => {
    if (mode === 'down') return void client.destroy();
    const upstream = net.connect(target.port, target.host);
    const pair = { client, upstream };
    pairs.add(pair);
    const end = () => {
      pairs.delete(pair);
      client.destroy();
      upstream.destroy();
    };
    client.on('error', end).on('close', end);
    upstream.on('error', end).on('close', end);
    client.pipe(upstream);
    upstream.pipe(client);
    if (mode === 'stall') hold(pair);
  });
  const hold = (p: { client: net.Socket; upstream: net.Socket }) => {
    p.client.unpipe(p.upstream);
    p.upstream.unpipe(p.client);
    p.client.pause();
    p.upstream.pause();
  };
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    set(next) {
      if (next === mode) return;
      const previous = mode;
      mode = next;
      for (const p of pairs) {
        if (next === 'down') {
          p.client.destroy();
          p.upstream.destroy();
        } else if (next === 'stall') hold(p);
        else if (previous === 'stall') {
          p.client.pipe(p.upstream);
          p.upstream.pipe(p.client);
          p.client.resume();
          p.upstream.resume();
        }
      }
    },
    async close() {
      for (const p of pairs) {
        p.client.destroy();
        p.upstream.destroy();
      }
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
