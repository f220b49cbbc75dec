/**
 * `npm run bench`: builds the app when stale, then runs every bench/*.bench.ts as its own process
 * (so one benchmark's warm caches never flatter another's) and prints their figures.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

const dir = import.meta.dirname;
// `npm run bench -- market-scale --reload`: names pick benchmarks, `--flags` go to each of them.
const filter = process.argv.slice(2).filter((a) => !a.startsWith('--'));
const flags = process.argv.slice(2).filter((a) => a.startsWith('--'));
const files = readdirSync(dir)
  .filter((f) => f.endsWith('.bench.ts'))
  .filter((f) => filter.length === 0 || filter.some((x) => f.includes(x)))
  .sort();

const build = spawnSync('node', ['-e', "import('./scripts/start.mjs')"], { stdio: 'ignore', env: { ...process.env, STOCKPILOT_BUILD_ONLY: '1' } });
if (build.status !== 0) {
  console.error('build failed; run `npm run build` to see why');
  process.exit(1);
}
let failed = 0;
for (const f of files) {
  console.log(`\n=== ${f}`);
  const r = spawnSync('npx', ['tsx', join(dir, f), ...flags], { stdio: 'inherit' });
  if (r.status !== 0) {
    failed++;
    console.log(`(${f} exited with ${r.status})`);
  }
}
process.exit(failed ? 1 : 0);
