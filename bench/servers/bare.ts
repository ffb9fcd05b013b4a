/** A bare Hono JSON route on @hono/node-server: the reference other throughput figures divide by. */
import { serve } from '@hono/node-server';
import { Hono } from 'hono';

const app = new Hono();
app.get('/bare', (c) => c.json({ status: 'ok', at: 'bare' }));
serve({ fetch: app.fetch, port: Number(process.argv[2] ?? 0), hostname: '127.0.0.1' }, (info) => {
  console.log(`listening ${info.port}`);
});
