/**
 * An export flood against everyone else (issue 26, item 2): the built server on PGlite (the embedded
 * default); one Free account runs an analysis, then 4 loops download its PDF as fast as they can for
 * BENCH_FLOOD_SECONDS (default 15) from a child process, while this process times GET /api/health from
 * another client, one request at a time. Budget: /api/health p99 ≤ 50 ms during the flood.
 * Three phases: health alone; the flood with the shipped limits (30 PDFs a minute per user, then 429s);
 * the flood with the per-user limit lifted (PDF_EXPORTS_PER_MINUTE), so the render threads stay busy the
 * whole time — the case the issue measured (176 PDFs, health 6 → 390 ms, worst 1.0 s, when PDFs rendered
 * on the main thread). The startup jobs (backtest, screener warm-up) are off, so they are not measured.
 * Standalone: `npx tsx bench/analysis-export-flood.bench.ts` (bundles the server first). BENCH_FLOOD_APP_DIR:
 * run the server built in another checkout instead (its dist/server/main.js), e.g. an older commit for a
 * before/after on the same machine state.
 */
import { spawn, spawnSync } from 'node:child_process';
import { availableParallelism, loadavg } from 'node:os';
import { join } from 'node:path';
import { median, percentile, report, signUp, startBuiltApp, stopBuiltApp } from './support.ts';

const root = join(import.meta.dirname, '..');
const appDir = process.env.BENCH_FLOOD_APP_DIR ?? root;
const SECONDS = Number(process.env.BENCH_FLOOD_SECONDS ?? 15);
const LOOPS = 4;
const BUDGET_P99_MS = 50;

// The server bundle only (esbuild, seconds): the render thread's entry must be the one this tree builds.
if (spawnSync(process.execPath, ['scripts/build-server.mjs'], { cwd: root, stdio: 'inherit' }).status !== 0) process.exit(1);

/** GET /api/health one at a time for `seconds`, as a client with no cookie: each answer's time in ms. */
async function probeHealth(base: string, seconds: number): Promise<number[]> {
  const ms: number[] = [];
  const end = performance.now() + seconds * 1000;
  while (performance.now() < end) {
    const t = performance.now();
    const res = await fetch(`${base}/api/health`);
    await res.arrayBuffer();
    ms.push(performance.now() - t);
    if (res.status !== 200) throw new Error(`/api/health answered ${res.status}`);
    // About 50 probes a second: a client checking in, not a second load.
    await new Promise((r) => setTimeout(r, 20));
  }
  return ms;
}

/** `LOOPS` loops in a child process downloading `url` with `cookie` for `seconds`: answers counted by status. */
function flood(url: string, cookie: string, seconds: number): Promise<Record<string, number>> {
  const script = `const end=Date.now()+${seconds * 1000};const by={};await Promise.all(Array.from({length:${LOOPS}},async()=>{while(Date.now()<end){const r=await fetch(${JSON.stringify(url)},{headers:{cookie:${JSON.stringify(cookie)}}});await r.arrayBuffer();by[r.status]=(by[r.status]??0)+1;}}));console.log(JSON.stringify(by))`;
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--input-type=module', '-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.on('exit', (code) => (code === 0 ? resolve(JSON.parse(out)) : reject(new Error(`the flood exited ${code}: ${out}`))));
  });
}

const summarise = (ms: number[]) =>
  `p50 ${median(ms).toFixed(1)} ms, p99 ${percentile(ms, 99).toFixed(1)} ms, max ${Math.max(...ms).toFixed(1)} ms, ${ms.length} probes`;
const describeAnswers = (by: Record<string, number>) =>
  Object.entries(by)
    .map(([status, n]) => `${n}× ${status}`)
    .join(', ');

/** One server: an account with an analysis, health alone, then health during the flood. */
async function runPhase(name: string, env: Record<string, string>, withBaseline: boolean): Promise<number> {
  const app = await startBuiltApp(appDir, env);
  try {
    const cookie = await signUp(app.base);
    const run = await fetch(`${app.base}/api/analyses`, {
      method: 'POST',
      headers: { cookie, origin: app.base, 'content-type': 'application/json' },
      body: JSON.stringify({ symbol: 'AAPL', kind: 'overview' }),
    });
    if (run.status !== 201) throw new Error(`POST /api/analyses answered ${run.status}: ${await run.text()}`);
    const { id } = (await run.json()) as { id: string };
    // Warm-up: the JIT, the health path, and one render thread with the renderer loaded.
    await probeHealth(app.base, 2);
    if (withBaseline) {
      const alone = await probeHealth(app.base, 5);
      report('health alone', percentile(alone, 99), 'ms', `p99; ${summarise(alone)}`);
    }
    const cpu = process.cpuUsage();
    const [answers, during] = await Promise.all([flood(`${app.base}/api/analyses/${id}/export.pdf`, cookie, SECONDS), probeHealth(app.base, SECONDS)]);
    const d = process.cpuUsage(cpu);
    report(
      `health during the flood, ${name}`,
      percentile(during, 99),
      'ms',
      `p99; ${summarise(during)}; budget p99 ≤ ${BUDGET_P99_MS} ms; the flood's answers: ${describeAnswers(answers)}; prober CPU ${((d.user + d.system) / 1000).toFixed(0)} ms`,
    );
    return percentile(during, 99);
  } finally {
    await stopBuiltApp(app);
  }
}

console.log(`${appDir}: ${LOOPS} loops for ${SECONDS} s; ${availableParallelism()} cores, 1-minute load average ${loadavg()[0]!.toFixed(1)}`);
const shipped = await runPhase('shipped limits (30 PDFs a minute per user)', {}, true);
const lifted = await runPhase('per-user limit lifted (render threads busy throughout)', { PDF_EXPORTS_PER_MINUTE: '1000000' }, false);
report('load average (1 min) at the end', loadavg()[0]!, 'x', `${availableParallelism()} cores`);
const over = [shipped, lifted].filter((p99) => p99 > BUDGET_P99_MS);
if (over.length) console.log(`OVER BUDGET: /api/health p99 above ${BUDGET_P99_MS} ms in ${over.length} of 2 phases`);
process.exit(over.length ? 1 : 0);
