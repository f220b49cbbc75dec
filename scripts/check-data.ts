/**
 * `npm run data:check`: rebuilds the bundled snapshot from the inputs in the repository (data/inputs/) into a
 * temporary folder and compares every file data:prepare writes with data/, by SHA-256. Exit 0 when all are equal,
 * 1 naming each that differs. Run in CI (.ci/run): it takes ~35 s on 2 cores, too long for the unit tests.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '..');
const out = mkdtempSync(join(tmpdir(), 'data-check-'));
const sha = (file: string) => createHash('sha256').update(readFileSync(file)).digest('hex');
let code = 1;
try {
  const env = { ...process.env };
  // The check is of the repository's own inputs, never a dataset folder outside it.
  delete env.SHARED_DATA_DIR;
  const run = spawnSync(process.execPath, ['--import', 'tsx', join(ROOT, 'scripts/prepare-data.ts'), '--out', out], { cwd: ROOT, env, encoding: 'utf8' });
  if (run.status !== 0) {
    console.error(run.stdout, run.stderr);
    console.error(`data:check: data:prepare failed (exit ${run.status})`);
  } else {
    const written = readdirSync(out).sort();
    const differ = written.filter((f) => !existsSync(join(ROOT, 'data', f)) || sha(join(ROOT, 'data', f)) !== sha(join(out, f)));
    for (const f of written) console.log(`${differ.includes(f) ? 'DIFFERS' : 'same   '} data/${f} ${sha(join(out, f)).slice(0, 16)}`);
    if (written.length < 7) console.error(`data:check: data:prepare wrote ${written.length} files, expected 7`);
    else if (differ.length > 0) console.error(`data:check: ${differ.length} file(s) of data/ are not what data:prepare makes from data/inputs/`);
    else {
      console.log(`data:check: the ${written.length} files of data/ are rebuilt byte for byte from data/inputs/`);
      code = 0;
    }
  }
} finally {
  rmSync(out, { recursive: true, force: true });
}
process.exit(code);
