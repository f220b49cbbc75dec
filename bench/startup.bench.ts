/**
 * Cold start of the bundled server to the first 200 on /api/health (PGlite, fresh and warm data dir),
 * against the time PGlite alone needs to open the same warm dir in a fresh process. Budget: ≤ 1.5×.
 */
import { spawn } from 'node:child_process';
import { get } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, median, report, timeUntilOutput } from './support.ts';

const root = join(import.meta.dirname, '..');

/** One GET with node:http (a refused connection costs well under a millisecond, unlike fetch's). */
function probeHealth(port: number): Promise<number> {
  return new Promise((resolve) => {
    const req = get({ host: '127.0.0.1', port, path: '/api/health', agent: false }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', () => resolve(0));
  });
}

async function timeToHealthy(dataDir: string): Promise<number> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, [join(root, 'dist/server/main.js')], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', PGLITE_DIR: dataDir, LOG_LEVEL: 'info', DATABASE_URL: '' },
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  let out = '';
  child.stdout!.on('data', (d) => {
    out += d;
    const m = out.match(/"startupMs":(\{[^}]*\})/);
    if (m && !phases.has(dataDir + runTag)) phases.set(dataDir + runTag, JSON.parse(m[1]!));
  });
  try {
    while (true) {
      if ((await probeHealth(port)) === 200) return performance.now() - started;
      if (child.exitCode !== null) throw new Error('server exited');
      await new Promise((r) => setTimeout(r, 2));
    }
  } finally {
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await exited;
  }
}

/** The server's own log of when its modules, database and listener were ready (ms since process start). */
const phases = new Map<string, { modules: number; database: number; listening: number }>();
let runTag = '';
const dirs: string[] = [];
const fresh: number[] = [];
const warm: number[] = [];
const pgliteOpen: number[] = [];
const pgliteOpenLiftoff: number[] = [];
const runs = 5;
for (let i = 0; i < runs; i++) {
  const dir = mkdtempSync(join(tmpdir(), 'sp-bench-start-'));
  dirs.push(dir);
  runTag = ':fresh';
  fresh.push(await timeToHealthy(dir));
  runTag = ':warm';
  warm.push(await timeToHealthy(dir));
  const openScript = `import { PGlite } from '@electric-sql/pglite'; const db = await PGlite.create({ dataDir: ${JSON.stringify(dir)} }); await db.query('select 1'); console.log('opened'); await db.close();`;
  pgliteOpen.push(await timeUntilOutput(['--input-type=module', '-e', openScript], 'opened', {}));
  // The same with the V8 flag the app's database thread sets, to show the ratio is not only the flag.
  pgliteOpenLiftoff.push(await timeUntilOutput(['--liftoff-only', '--input-type=module', '-e', openScript], 'opened', {}));
}
for (const d of dirs) rmSync(d, { recursive: true, force: true });

report('cold start, fresh data dir, p50', median(fresh), 'ms', `${runs} runs; includes initdb and migrations`);
report('cold start, warm data dir, p50', median(warm), 'ms', `${runs} runs`);
const warmPhases = [...phases].filter(([k]) => k.endsWith(':warm')).map(([, v]) => v);
if (warmPhases.length) {
  report('  warm: modules loaded (server log), p50', median(warmPhases.map((p) => p.modules)), 'ms');
  report('  warm: database open and migrated, p50', median(warmPhases.map((p) => p.database)), 'ms');
  report('  warm: listening, p50', median(warmPhases.map((p) => p.listening)), 'ms');
}
report('PGlite alone opening the warm dir (new process), p50', median(pgliteOpen), 'ms');
report('PGlite alone, --liftoff-only as the app runs it, p50', median(pgliteOpenLiftoff), 'ms');
report('warm cold start / PGlite open', median(warm) / median(pgliteOpen), 'x', 'budget ≤ 1.5');
report('warm cold start / PGlite open with the same V8 flag', median(warm) / median(pgliteOpenLiftoff), 'x', 'stricter');
