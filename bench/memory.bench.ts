/**
 * Resident memory of one app process on PostgreSQL with the bundled data (issue 35), by ROLE: `all` (HTTP and
 * every job: the backtest, the screener's warm-up, the sweepers) against `web` (HTTP only) and `worker` (jobs).
 * Budget for a web process: ≤ 350 MB steady, ≤ 450 MB peak.
 *
 * Each role starts the built server (dist/server/main.js, `npm start`'s flags) on a fresh PostgreSQL database,
 * reads /proc/<pid>/status every 50 ms, and drives the same traffic once ready: sign-up, 30 quotes and histories,
 * 3 screener queries, 6 analyses of 5 kinds. Peak = the highest sample from start to the end of a 20 s idle after
 * the traffic; steady = the median of that idle's last 10 s.
 * Standalone: `npx tsx bench/memory.bench.ts`; PostgreSQL from BENCH_DATABASE_URL (default the local server).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { freePort, median, report, signUp } from './support.ts';

const root = join(import.meta.dirname, '..');
const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const flags: string[] = JSON.parse(readFileSync(join(root, 'scripts/server-node-flags.json'), 'utf8')).flags;
const IDLE_MS = 20_000;

const readRssMb = (pid: number) => {
  try {
    const m = readFileSync(`/proc/${pid}/status`, 'utf8').match(/VmRSS:\s+(\d+) kB/);
    return m ? Number(m[1]) / 1024 : null;
  } catch {
    return null;
  }
};
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function withDatabase<T>(run: (url: string) => Promise<T>): Promise<T> {
  const name = `sp_bench_memory_${process.pid}_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  try {
    return await run(url.toString());
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}

async function measure(role: 'all' | 'web' | 'worker', databaseUrl: string) {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(process.execPath, [...flags, 'dist/server/main.js'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      BASE_URL: base,
      DATABASE_URL: databaseUrl,
      ROLE: role,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'development',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const samples: number[] = [];
  const sampler = setInterval(() => {
    const mb = readRssMb(child.pid!);
    if (mb !== null) samples.push(mb);
  }, 50);
  try {
    while (
      (await fetch(`${base}/api/health/ready`).then(
        (r) => r.status,
        () => 0,
      )) !== 200
    ) {
      if (child.exitCode !== null) throw new Error(`the ${role} process exited`);
      await sleep(100);
    }
    if (role !== 'worker') {
      const cookie = await signUp(base);
      const headers = { origin: base, cookie, 'content-type': 'application/json' };
      const symbols = ['AAPL', 'MSFT', 'NVDA', 'KO', 'JPM', 'XOM', 'AMZN', 'META', 'TSLA', 'O', 'GOOGL', 'PEP', 'WMT', 'JNJ', 'V'];
      for (const s of symbols) {
        await fetch(`${base}/api/market/quote/${s}`, { headers }).then((r) => r.arrayBuffer());
        await fetch(`${base}/api/market/history/${s}?range=1y`, { headers }).then((r) => r.arrayBuffer());
      }
      for (const filters of [[{ field: 'roe', min: 15 }], [{ field: 'pe', max: 20 }], []])
        await fetch(`${base}/api/screener/query`, { method: 'POST', headers, body: JSON.stringify({ filters, page_size: 25 }) }).then((r) => r.arrayBuffer());
      for (const [symbol, kind] of [
        ['AAPL', 'technical'],
        ['MSFT', 'overview'],
        ['KO', 'fundamental'],
        ['JPM', 'balance-sheet'],
        ['AAPL', 'dcf'],
        ['XOM', 'overview'],
      ]) {
        const res = await fetch(`${base}/api/analyses`, { method: 'POST', headers, body: JSON.stringify({ symbol, kind }) });
        await res.arrayBuffer();
        if (res.status !== 201) throw new Error(`${kind} of ${symbol} answered ${res.status}`);
      }
    }
    const idleFrom = samples.length;
    await sleep(IDLE_MS);
    const idle = samples.slice(idleFrom);
    return {
      peak: Math.max(...samples),
      steady: median(idle.slice(Math.floor(idle.length / 2))),
      jobs: (await (await fetch(`${base}/api/health`)).json()).jobs as string[],
    };
  } finally {
    clearInterval(sampler);
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await exited;
  }
}

if (!existsSync(join(root, 'dist/server/main.js'))) {
  console.log('memory: skipped (no dist/server/main.js; npm run bench builds it)');
} else {
  const results: Record<string, { peak: number; steady: number; jobs: string[] }> = {};
  for (const role of ['all', 'web', 'worker'] as const) {
    results[role] = await withDatabase((url) => measure(role, url));
    const r = results[role]!;
    report(`RSS of a ROLE=${role} process, peak`, Math.round(r.peak), 'MB', role === 'web' ? 'budget ≤ 450 MB' : `jobs: ${r.jobs.join(', ') || 'none'}`);
    report(
      `RSS of a ROLE=${role} process, steady (${IDLE_MS / 2000} s after the traffic)`,
      Math.round(r.steady),
      'MB',
      role === 'web' ? 'budget ≤ 350 MB' : '',
    );
  }
  report('web peak ÷ all peak', results.web!.peak / results.all!.peak, 'x');
}
