/**
 * The request path against the framework (issue 20): the built app and a bare Hono app, each pinned to one
 * core while the load generator (wrk when installed, else autocannon from node_modules) runs on another,
 * 16 connections. Prints req/s, p50/p99 and the ratio to the bare Hono route for: static JSON without a
 * cookie, signed-in JSON (tokens), a signed-in market quote and the SPA's index — on PGlite and PostgreSQL.
 * The bare route and each target alternate in three slices, and each ratio is the median of the slices'
 * ratios: on a shared machine the throughput drifts within a run, and adjacent measurements drift least.
 * Budgets: unauthenticated ≥ 0.5×; signed-in on PostgreSQL ≥ 0.25×, on PGlite ≥ 0.1×; p99 ≤ 20 ms.
 * Each line also gives the server's CPU time per request (from /proc, all threads; PostgreSQL's own
 * process not included) and its ratio to bare Hono's: on a busy shared machine req/s swings with the
 * neighbours, CPU per request much less.
 * Standalone: `npx tsx bench/http.bench.ts`. BENCH_HTTP_SECONDS (default 8) per measurement;
 * BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres) gets a scratch database;
 * BENCH_HTTP_CPU_PROF=<dir> writes a --cpu-prof of each app process there; BENCH_HTTP_LOADGEN=autocannon;
 * BENCH_HTTP_LOG_LEVEL=info turns the app's access log on (default warn: off).
 */
import { type ChildProcess, execFileSync, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { median, report, signUp } from './support.ts';

const root = join(import.meta.dirname, '..');
const seconds = Number(process.env.BENCH_HTTP_SECONDS ?? 8);
const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const cpuProfDir = process.env.BENCH_HTTP_CPU_PROF;
const CONNECTIONS = 16;
/** The app's LOG_LEVEL: `warn` (default) leaves the access log off; `info` measures it, one line per request to the pipe. */
const logLevel = process.env.BENCH_HTTP_LOG_LEVEL ?? 'warn';
/** The node flags `npm start` runs the server with (scripts/server-node-flags.json), so the bench measures the same process. */
const serverNodeFlags: string[] = JSON.parse(readFileSync(join(root, 'scripts/server-node-flags.json'), 'utf8')).flags;
// The ports this benchmark may use: bare Hono, the app on PGlite, the app on PostgreSQL.
const PORTS = { bare: 3217, pglite: 3218, postgres: 3219 };

const has = (cmd: string) => spawnSync('sh', ['-c', `command -v ${cmd}`]).status === 0;
const cores = Number(execFileSync('nproc').toString().trim());
const pinned = has('taskset') && cores >= 2;
/** Server on core 0, load generator on core 1 (the rest of the machine keeps the other cores). */
const pin = (core: number, cmd: string[]) => (pinned ? ['taskset', '-c', String(core), ...cmd] : cmd);
// BENCH_HTTP_LOADGEN=autocannon forces the npm load generator even where wrk is installed.
const useWrk = process.env.BENCH_HTTP_LOADGEN !== 'autocannon' && has('wrk');

if (!existsSync(join(root, 'dist/server/main.js')) || !existsSync(join(root, 'dist/web/index.html'))) {
  console.log('dist/ missing: npm run build');
  if (spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' }).status !== 0) process.exit(1);
}

interface Server {
  port: number;
  child: ChildProcess;
  stop(): Promise<void>;
}

async function startServer(port: number, args: string[], env: Record<string, string>): Promise<Server> {
  const [cmd, ...rest] = pin(0, [process.execPath, ...args]);
  const child = spawn(cmd!, rest, { cwd: root, env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server on ${port} exited: ${out}`);
    const ok = await fetch(`http://127.0.0.1:${port}/api/health`).then(
      (r) => r.status < 500,
      () => false,
    );
    if (ok || out.includes('listening\n')) {
      // Only the start-up's output is kept (for the errors above): with BENCH_HTTP_LOG_LEVEL=info the access log
      // writes a line per request, still read from the pipe as a log shipper would, but not held in memory.
      out = '';
      child.stdout!.removeAllListeners('data').resume();
      break;
    }
    if (Date.now() > deadline) throw new Error(`server on ${port} not ready: ${out}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    port,
    child,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

interface Load {
  rps: number;
  p50Ms: number;
  p99Ms: number;
  errors: number;
  /** The server process's CPU time (all its threads, PGlite's included) per answered request. */
  cpuUsPerRequest: number;
}

const ticksPerSecond = Number(execFileSync('getconf', ['CLK_TCK']).toString().trim()) || 100;
/** utime + stime of a process, all threads, in microseconds (/proc/<pid>/stat fields 14 and 15). */
function readCpuUs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return ((Number(fields[11]) + Number(fields[12])) / ticksPerSecond) * 1e6;
}

const toMs = (v: string) => {
  const m = v.match(/^([\d.]+)(us|ms|s)$/);
  if (!m) return Number.NaN;
  return Number(m[1]) * (m[2] === 'us' ? 1e-3 : m[2] === 's' ? 1e3 : 1);
};

/** What a browser sends with every request that changes what the app does (compression and the session). */
const browserHeaders = (cookie: string | null): Array<[string, string]> => [
  ['accept-encoding', 'gzip, deflate, br'],
  ...(cookie ? [['cookie', cookie] as [string, string]] : []),
];

function runLoad(url: string, headers: Array<[string, string]>, duration: number, serverPid: number): Load & { requests: number } {
  const cpuBefore = readCpuUs(serverPid);
  const load = runLoadGenerator(url, headers, duration);
  return { ...load, cpuUsPerRequest: (readCpuUs(serverPid) - cpuBefore) / Math.max(1, load.requests) };
}

function runLoadGenerator(url: string, headers: Array<[string, string]>, duration: number): Omit<Load, 'cpuUsPerRequest'> & { requests: number } {
  if (useWrk) {
    const args = ['-t1', `-c${CONNECTIONS}`, `-d${duration}s`, '--latency', ...headers.flatMap(([k, v]) => ['-H', `${k}: ${v}`]), url];
    const [cmd, ...rest] = pin(1, ['wrk', ...args]);
    const out = execFileSync(cmd!, rest).toString();
    const pct = (p: string) => toMs(out.match(new RegExp(`^\\s+${p}%\\s+(\\S+)`, 'm'))?.[1] ?? '');
    const errors = Number(out.match(/Non-2xx or 3xx responses: (\d+)/)?.[1] ?? 0) + Number(out.match(/Socket errors:.*timeout (\d+)/)?.[1] ?? 0);
    const requests = Number(out.match(/(\d+) requests in/)?.[1] ?? 0);
    return { rps: Number(out.match(/Requests\/sec:\s+([\d.]+)/)?.[1]), p50Ms: pct('50'), p99Ms: pct('99'), errors, requests };
  }
  const args = [
    join(root, 'node_modules/autocannon/autocannon.js'),
    '-c',
    String(CONNECTIONS),
    '-d',
    String(duration),
    '-j',
    ...headers.flatMap(([k, v]) => ['-H', `${k}=${v}`]),
    url,
  ];
  const [cmd, ...rest] = pin(1, [process.execPath, ...args]);
  const r = JSON.parse(execFileSync(cmd!, rest, { stdio: ['ignore', 'pipe', 'ignore'] }).toString());
  return { rps: r.requests.average, p50Ms: r.latency.p50, p99Ms: r.latency.p99, errors: r.non2xx + r.errors + r.timeouts, requests: r.requests.total };
}

/**
 * The start-up jobs (market snapshot, screener table, search index) keep a core busy for 10–20 s after
 * the first answers; measuring before they end would charge their CPU to the requests.
 */
async function waitUntilIdle(pid: number, timeoutMs = 90_000) {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    const before = readCpuUs(pid);
    await new Promise((r) => setTimeout(r, 1000));
    if (readCpuUs(pid) - before < 30_000) return;
  }
  console.log(`(the app on pid ${pid} was still busy after ${timeoutMs / 1000} s; measuring anyway)`);
}

/** Alternating bare/target slices per target, each `slice` seconds (BENCH_HTTP_SECONDS split in halves). */
const PAIRS = 3;
const slice = Math.max(2, Math.round(seconds / 2));

/** Several slices of one load as one: mean req/s, median p50 and p99 (max p99 kept apart), CPU over all requests. */
function combineSlices(loads: Array<Load & { requests: number }>): Load & { requests: number; maxP99Ms: number } {
  const requests = loads.reduce((n, l) => n + l.requests, 0);
  return {
    rps: loads.reduce((n, l) => n + l.rps, 0) / loads.length,
    p50Ms: median(loads.map((l) => l.p50Ms)),
    p99Ms: median(loads.map((l) => l.p99Ms)),
    maxP99Ms: Math.max(...loads.map((l) => l.p99Ms)),
    errors: loads.reduce((n, l) => n + l.errors, 0),
    requests,
    cpuUsPerRequest: loads.reduce((n, l) => n + l.cpuUsPerRequest * l.requests, 0) / Math.max(1, requests),
  };
}

/** A warm-up (JIT, caches, pools), then the measurement. */
function measure(url: string, headers: Array<[string, string]>, serverPid: number): Load {
  runLoadGenerator(url, headers, Math.max(2, Math.round(seconds / 3)));
  return runLoad(url, headers, seconds, serverPid);
}

const rows: Array<{ db: string; name: string; load: Load & { maxP99Ms: number }; bare: Load; ratio: number; cpuRatio: number; budget: number }> = [];
const servers: Server[] = [];
const scratch: { dir?: string; dbName?: string } = {};
const admin = new pg.Client({ connectionString: adminUrl });

const bareUrl = `http://127.0.0.1:${PORTS.bare}/json`;
const bareRuns: Load[] = [];
let bareServer: Server;

async function benchApp(db: 'pglite' | 'postgres') {
  const port = PORTS[db];
  const base = `http://127.0.0.1:${port}`;
  let env: Record<string, string>;
  if (db === 'pglite') {
    scratch.dir = mkdtempSync(join(tmpdir(), 'sp-bench-http-'));
    env = { PGLITE_DIR: scratch.dir, DATABASE_URL: '' };
  } else {
    scratch.dbName = `sp_bench_http_${process.pid}`;
    await admin.query(`CREATE DATABASE ${scratch.dbName}`);
    env = { DATABASE_URL: Object.assign(new URL(adminUrl), { pathname: `/${scratch.dbName}` }).toString() };
  }
  const args = [...serverNodeFlags, ...(cpuProfDir ? ['--cpu-prof', `--cpu-prof-dir=${cpuProfDir}`] : []), 'dist/server/main.js'];
  const app = await startServer(port, args, { ...env, BASE_URL: base, LOG_LEVEL: logLevel, NODE_ENV: 'development' });
  servers.push(app);
  const cookie = await signUp(base);
  const signedIn = await fetch(`${base}/api/tokens`, { headers: { cookie } });
  if (signedIn.status !== 200) throw new Error(`GET /api/tokens with the session cookie answered ${signedIn.status}`);
  await waitUntilIdle(app.child.pid!);
  const dbName = db === 'pglite' ? 'PGlite' : 'PostgreSQL';
  const targets = [
    { name: 'GET /api/token-costs, no cookie', path: '/api/token-costs', cookie: null, budget: 0.5 },
    { name: 'GET /api/tokens, signed in', path: '/api/tokens', cookie, budget: db === 'pglite' ? 0.1 : 0.25 },
    { name: 'GET /api/market/quote/AAPL, signed in', path: '/api/market/quote/AAPL', cookie, budget: db === 'pglite' ? 0.1 : 0.25 },
    { name: 'GET / (SPA index), signed in', path: '/', cookie, budget: 0 },
  ];
  for (const t of targets) {
    const url = `${base}${t.path}`;
    const headers = browserHeaders(t.cookie);
    runLoadGenerator(url, headers, Math.max(2, Math.round(seconds / 3)));
    // Bare and target alternate in PAIRS slices and the ratio is the median of the slices' ratios: on a
    // shared VM a neighbour's burst lands in one slice, not in the whole figure.
    const slices = Array.from({ length: PAIRS }, () => {
      const bare = runLoad(bareUrl, [], slice, bareServer.child.pid!);
      const load = runLoad(url, headers, slice, app.child.pid!);
      return { bare, load, ratio: load.rps / bare.rps };
    });
    const bare = combineSlices(slices.map((x) => x.bare));
    const load = combineSlices(slices.map((x) => x.load));
    bareRuns.push(bare);
    const ratio = median(slices.map((x) => x.ratio));
    rows.push({ db: dbName, name: t.name, load, bare, ratio, cpuRatio: bare.cpuUsPerRequest / load.cpuUsPerRequest, budget: t.budget });
    printRow(rows.at(-1)!);
  }
  await app.stop();
  servers.pop();
}

function printRow(r: (typeof rows)[number]) {
  const budget = r.budget ? `budget ≥ ${r.budget}×, ` : '';
  const errors = r.load.errors ? `, ${r.load.errors} errors` : '';
  report(
    `http: ${r.name} (${r.db})`,
    Math.round(r.load.rps),
    'req/s',
    `${r.ratio.toFixed(2)}× bare Hono's ${Math.round(r.bare.rps)} (${budget}p50 ${r.load.p50Ms.toFixed(2)} ms, p99 ${r.load.p99Ms.toFixed(2)} ms (slices' median; max ${r.load.maxP99Ms.toFixed(2)})${errors}); ` +
      `CPU ${r.load.cpuUsPerRequest.toFixed(0)} µs/request vs ${r.bare.cpuUsPerRequest.toFixed(0)}: ${r.cpuRatio.toFixed(2)}×`,
  );
}

try {
  console.log(
    `load generator: ${useWrk ? 'wrk' : 'autocannon'}, ${CONNECTIONS} connections, ${seconds} s per measurement; ${pinned ? 'server on core 0, load on core 1 (taskset)' : 'NOT pinned (taskset missing or one core)'}; app LOG_LEVEL=${logLevel}`,
  );
  bareServer = await startServer(PORTS.bare, ['bench/bare-hono-server.mjs'], {});
  servers.push(bareServer);
  const bareLoad = measure(bareUrl, [], bareServer.child.pid!);
  report(
    'http: bare Hono JSON route',
    Math.round(bareLoad.rps),
    'req/s',
    `p50 ${bareLoad.p50Ms.toFixed(2)} ms, p99 ${bareLoad.p99Ms.toFixed(2)} ms; CPU ${bareLoad.cpuUsPerRequest.toFixed(0)} µs/request`,
  );
  await benchApp('pglite');
  await admin.connect();
  await benchApp('postgres');
  const bareRps = bareRuns.map((b) => b.rps);
  report(
    'http: bare Hono across the run',
    Math.round(Math.min(...bareRps)),
    'req/s',
    `min; max ${Math.round(Math.max(...bareRps))}; load average ${loadavg()[0]!.toFixed(1)} on ${cores} cores`,
  );
  const missed = rows.filter((r) => r.ratio < r.budget || r.load.p99Ms > 20 || r.load.errors > 0);
  for (const r of missed)
    console.log(
      `OVER BUDGET: ${r.name} (${r.db}): ${r.ratio.toFixed(2)}× (≥ ${r.budget}×), p99 ${r.load.p99Ms.toFixed(2)} ms (≤ 20 ms), ${r.load.errors} errors`,
    );
  report('http: measurements within budget', rows.length - missed.length, `of ${rows.length}`);
} finally {
  await Promise.all(servers.map((s) => s.stop()));
  if (scratch.dir) rmSync(scratch.dir, { recursive: true, force: true });
  if (scratch.dbName) await admin.query(`DROP DATABASE IF EXISTS ${scratch.dbName} WITH (FORCE)`).catch(() => {});
  await admin.end().catch(() => {});
}
