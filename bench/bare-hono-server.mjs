// The reference for bench/http.bench.ts: the same JSON route in a bare Hono app on @hono/node-server,
// with the adapter's defaults. PORT from the environment; prints "listening" when ready.
import { serve } from '@hono/node-server';
import { Hono } from 'hono';

const app = new Hono();
app.get('/json', (c) => c.json({ costs: [{ action: 'analysis', name: 'Analysis', tokens: 0.8, cost_mt: 800 }], analysis_estimate: 0.8 }));
serve({ fetch: app.fetch, port: Number(process.env.PORT), hostname: '127.0.0.1' }, () => console.log('listening'));
