/** Reference: requests per second of a bare Hono JSON route over loopback (autocannon). */
import type { Benchmark } from '../harness.ts';
import { measureThroughput, startChildServer } from '../load.ts';

export const bareJsonThroughput: Benchmark = {
  name: 'bare-json-throughput',
  unit: 'req/s',
  budget: null,
  direction: 'min',
  description: 'bare Hono JSON route, loopback, 20 connections',
  async run(ctx) {
    const server = await startChildServer('bench/servers/bare.ts', ['0']);
    try {
      const url = `http://127.0.0.1:${server.port}/bare`;
      if (!ctx.quick) await measureThroughput(url, { seconds: 2 }); // warm-up
      const r = await measureThroughput(url, { seconds: ctx.quick ? 1 : 10 });
      if (r.errors || r.non2xx) throw new Error(`${r.errors} errors, ${r.non2xx} non-2xx`);
      return r.requestsPerSecond;
    } finally {
      await server.stop();
    }
  },
};
