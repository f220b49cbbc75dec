/**
 * Where a web process's memory goes (issue 32 item 6): the app composed in this process as dist/server/main.js
 * composes it (ROLE=web, PostgreSQL, the bundled snapshot), with RSS, V8 heap and off-heap memory printed after
 * each phase (a full GC first), then a heap snapshot's largest kinds of objects. Not a *.bench.ts: a diagnostic,
 * run by hand: `node --expose-gc --import tsx bench/memory-phases.ts [--heap-snapshot]`.
 * PostgreSQL from BENCH_DATABASE_URL (default the local server); a fresh database, dropped at the end.
 */
import { readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import v8 from 'node:v8';
import pg from 'pg';

const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error('run with node --expose-gc');
const mb = (n: number) => (n / 1024 / 1024).toFixed(0).padStart(5);
let previousRss = 0;
function phase(name: string) {
  gc!();
  gc!();
  const m = process.memoryUsage();
  console.log(
    `${name.padEnd(58)} rss ${mb(m.rss)} (+${mb(m.rss - previousRss).trim()})  heap ${mb(m.heapUsed)}  external ${mb(m.external)}  arrayBuffers ${mb(m.arrayBuffers)} MB`,
  );
  previousRss = m.rss;
}

/** Self size by constructor or string/array kind, the top 25: what the heap is made of. */
function summariseHeapSnapshot() {
  const file = join(tmpdir(), `sp-memory-${process.pid}.heapsnapshot`);
  v8.writeHeapSnapshot(file);
  const snap = JSON.parse(readFileSync(file, 'utf8'));
  rmSync(file);
  const fields: string[] = snap.snapshot.meta.node_fields;
  const types: string[] = snap.snapshot.meta.node_types[0];
  const width = fields.length;
  const [typeAt, nameAt, sizeAt] = ['type', 'name', 'self_size'].map((f) => fields.indexOf(f));
  const bySelf = new Map<string, { size: number; count: number }>();
  for (let i = 0; i < snap.nodes.length; i += width) {
    const type = types[snap.nodes[i + typeAt!]]!;
    const name = type === 'object' || type === 'closure' || type === 'native' ? `${type}:${snap.strings[snap.nodes[i + nameAt!]]}` : type;
    const e = bySelf.get(name) ?? { size: 0, count: 0 };
    e.size += snap.nodes[i + sizeAt!];
    e.count++;
    bySelf.set(name, e);
  }
  console.log('\nheap by kind (self size), top 25:');
  for (const [name, e] of [...bySelf].sort((a, b) => b[1].size - a[1].size).slice(0, 25))
    console.log(`  ${mb(e.size)} MB  ${String(e.count).padStart(9)}  ${name.slice(0, 90)}`);
}

phase('node + tsx');
const name = `sp_memory_phases_${process.pid}`;
const admin = new pg.Client({ connectionString: adminUrl });
await admin.connect();
await admin.query(`CREATE DATABASE ${name}`);
const url = new URL(adminUrl);
url.pathname = `/${name}`;
Object.assign(process.env, {
  DATABASE_URL: url.toString(),
  ROLE: 'web',
  NODE_ENV: 'development',
  LOG_LEVEL: 'silent',
  BASE_URL: 'http://127.0.0.1:1',
  SCREENER_WARM_UP: 'true',
});
try {
  const { parseEnv } = await import('../server/env.ts');
  const { openDatabase } = await import('../server/adapters/db/index.ts');
  const { findAppRoot } = await import('../server/lib/app-root.ts');
  const { createLogger } = await import('../server/lib/logger.ts');
  const { createApp } = await import('../server/app.ts');
  const { createFeatures } = await import('../server/features/index.ts');
  const { createMetrics } = await import('../server/lib/metrics.ts');
  phase('server modules imported');
  const env = parseEnv();
  const db = await openDatabase({ databaseUrl: env.DATABASE_URL });
  phase('database open (migrated)');
  const ctx = { env, db, logger: createLogger('silent'), appRoot: findAppRoot(), now: () => new Date(), metrics: createMetrics() };
  const features = await createFeatures(ctx);
  const app = createApp(ctx, features);
  phase('features composed');
  const byName = (f: { name?: string }, i: number) => f.name ?? `feature ${i}`;
  for (const [i, f] of features.entries()) {
    // MEMORY_PHASES_SKIP=scorecards,…: leave a feature's warm-up out, to see what it costs or saves.
    if (!f.warm || (process.env.MEMORY_PHASES_SKIP ?? '').split(',').includes(f.name)) continue;
    await f.warm();
    // Warm-ups schedule their work (setImmediate, timers): give them time to finish.
    await new Promise((r) => setTimeout(r, 3_000));
    phase(`warm: ${byName(f as { name?: string }, i)}`);
  }
  await new Promise((r) => setTimeout(r, 5_000));
  phase('warm-ups settled (screener table built 1 s after start)');
  const base = 'http://127.0.0.1:1';
  const ask = (path: string, init?: RequestInit) =>
    app.request(path, { ...init, headers: { origin: base, 'content-type': 'application/json', ...init?.headers } });
  const symbols = ['AAPL', 'MSFT', 'NVDA', 'KO', 'JPM', 'XOM', 'AMZN', 'META', 'TSLA', 'O', 'GOOGL', 'PEP', 'WMT', 'JNJ', 'V'];
  for (const s of symbols) {
    await (await ask(`/api/market/quote/${s}`)).arrayBuffer();
    await (await ask(`/api/market/history/${s}?range=1y`)).arrayBuffer();
  }
  phase('30 quotes and histories');
  for (const filters of [[{ field: 'roe', min: 15 }], [{ field: 'pe', max: 20 }], []])
    await (await ask('/api/screener/query', { method: 'POST', body: JSON.stringify({ filters, page_size: 25 }) })).arrayBuffer();
  phase('3 screener queries');
  await (await ask('/api/fundamentals/scorecards/example')).arrayBuffer();
  phase('scorecards example');
  if (process.argv.includes('--heap-snapshot')) summariseHeapSnapshot();
  await db.close();
} finally {
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.end();
}
process.exit(0);
