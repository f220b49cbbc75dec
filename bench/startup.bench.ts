/**
 * Cold start of the bundled server to the first 200 on /api/health (PGlite, fresh and warm data dir),
 * against the time PGlite alone needs to open the same warm dir in a fresh process. Budget: ≤ 1.5×.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, median, report, timeUntilOutput } from './support.ts';

const root = join(import.meta.dirname, '..');

async function timeToHealthy(dataDir: string): Promise<number> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, [join(root, 'dist/server/main.js')], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', PGLITE_DIR: dataDir, LOG_LEVEL: 'silent', DATABASE_URL: '' },
    stdio: 'ignore',
  });
  try {
    while (true) {
      try {
        const res = await fetch(`http://127.0.0.1:${port}/api/health`);
        if (res.status === 200) return performance.now() - started;
      } catch {}
      if (child.exitCode !== null) throw new Error('server exited');
      await new Promise((r) => setTimeout(r, 5));
    }
  } finally {
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await exited;
  }
}

const dirs: string[] = [];
const fresh: number[] = [];
const warm: number[] = [];
const pgliteOpen: number[] = [];
const runs = 3;
for (let i = 0; i < runs; i++) {
  const dir = mkdtempSync(join(tmpdir(), 'sp-bench-start-'));
  dirs.push(dir);
  fresh.push(await timeToHealthy(dir));
  warm.push(await timeToHealthy(dir));
  const openScript = `import { PGlite } from '@electric-sql/pglite'; const db = await PGlite.create({ dataDir: ${JSON.stringify(dir)} }); await db.query('select 1'); console.log('opened'); await db.close();`;
  pgliteOpen.push(await timeUntilOutput(['--input-type=module', '-e', openScript], 'opened', {}));
}
for (const d of dirs) rmSync(d, { recursive: true, force: true });

report('cold start, fresh data dir, p50', median(fresh), 'ms', `${runs} runs; includes initdb and migrations`);
report('cold start, warm data dir, p50', median(warm), 'ms', `${runs} runs`);
report('PGlite alone opening the warm dir (new process), p50', median(pgliteOpen), 'ms');
report('warm cold start / PGlite open', median(warm) / median(pgliteOpen), 'x', 'budget ≤ 1.5');
