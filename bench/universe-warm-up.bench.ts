/**
 * What the universe read costs a server process and what it buys its first requests: the bundled server
 * (PGlite, warm data dir) is started, left idle for IDLE_MS after its first 200 on /api/health, and then
 * asked one screener query and the public scorecards example. Printed: the process's CPU time from spawn
 * to the end of the idle wait (/proc/<pid>/stat), and the two first answers' latencies, with the screener's
 * warm-up on (production's default) and off (SCREENER_WARM_UP=false, what tests run).
 * Standalone: `npm run build && npx tsx bench/universe-warm-up.bench.ts`.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, median, report } from './support.ts';

const root = join(import.meta.dirname, '..');
const RUNS = 3;
/** Long enough for the warm-up (1 s after start) to finish on a loaded 2-core machine. */
const IDLE_MS = 6_000;
const TICKS_PER_S = 100;

function send(port: number, method: string, path: string, body?: string): Promise<{ status: number; ms: number }> {
  const started = performance.now();
  return new Promise((resolve) => {
    const req = request(
      { host: '127.0.0.1', port, path, method, agent: false, headers: body ? { 'content-type': 'application/json', origin: `http://127.0.0.1:${port}` } : {} },
      (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode ?? 0, ms: performance.now() - started }));
      },
    );
    req.on('error', () => resolve({ status: 0, ms: performance.now() - started }));
    req.end(body);
  });
}

/** User + system CPU of a process so far, from /proc/<pid>/stat (fields 14 and 15, in clock ticks). */
function readCpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_S;
}

interface Run {
  cpuMs: number;
  screenerMs: number;
  screenerCpuMs: number;
  scorecardsMs: number;
  scorecardsCpuMs: number;
}

async function measure(dataDir: string, env: Record<string, string>): Promise<Run> {
  const port = await freePort();
  const child = spawn(process.execPath, [join(root, 'dist/server/main.js')], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      BASE_URL: `http://127.0.0.1:${port}`,
      PORT: String(port),
      HOST: '127.0.0.1',
      PGLITE_DIR: dataDir,
      LOG_LEVEL: 'silent',
      DATABASE_URL: '',
      ...env,
    },
    stdio: 'ignore',
  });
  try {
    while ((await send(port, 'GET', '/api/health')).status !== 200) {
      if (child.exitCode !== null) throw new Error('server exited');
      await new Promise((r) => setTimeout(r, 5));
    }
    await new Promise((r) => setTimeout(r, IDLE_MS));
    const cpuMs = readCpuMs(child.pid!);
    const screener = await send(port, 'POST', '/api/screener/query', JSON.stringify({ filters: [{ field: 'pe_ttm', min: 0, max: 25 }] }));
    const afterScreener = readCpuMs(child.pid!);
    const scorecards = await send(port, 'GET', '/api/fundamentals/scorecards/example');
    if (screener.status !== 200 || scorecards.status !== 200) throw new Error(`answers ${screener.status} / ${scorecards.status}`);
    // CPU time says what the server did for each answer; wall time also says how busy the machine was.
    return {
      cpuMs,
      screenerMs: screener.ms,
      screenerCpuMs: afterScreener - cpuMs,
      scorecardsMs: scorecards.ms,
      scorecardsCpuMs: readCpuMs(child.pid!) - afterScreener,
    };
  } finally {
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await exited;
  }
}

const dir = mkdtempSync(join(tmpdir(), 'sp-bench-universe-'));
try {
  await measure(dir, {}); // creates and migrates the data dir: every measured run opens a warm one
  for (const [label, env] of [
    ['warm-up on (default)', {}],
    ['warm-up off (SCREENER_WARM_UP=false)', { SCREENER_WARM_UP: 'false' }],
  ] as const) {
    const runs: Run[] = [];
    for (let i = 0; i < RUNS; i++) runs.push(await measure(dir, env));
    report(`${label}: process CPU, spawn to ${IDLE_MS / 1000} s after healthy, p50`, median(runs.map((r) => r.cpuMs)), 'ms', `${RUNS} runs`);
    report(`${label}: first screener query, p50`, median(runs.map((r) => r.screenerMs)), 'ms', `server CPU ${median(runs.map((r) => r.screenerCpuMs))} ms`);
    report(
      `${label}: then the first scorecards example, p50`,
      median(runs.map((r) => r.scorecardsMs)),
      'ms',
      `server CPU ${median(runs.map((r) => r.scorecardsCpuMs))} ms`,
    );
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
