/**
 * Child process for the stale-lock takeover race: tries to lock <dir> and prints one JSON line, won or
 * refused. At the takeover point it announces itself (file `arrived-<name>` in <syncDir>) and waits until
 * every file named in <waitFor> (comma-separated, may be empty) exists in <syncDir>. A winner writes
 * `done-<name>` and keeps the lock, alive, until its stdin closes.
 * Usage: tsx server/test/dir-lock-taker.ts <dir> <syncDir> <name> <waitFor>
 */
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { acquireDirLock } from '../adapters/db/dir-lock.ts';

const [dir, syncDir, name, waitFor = ''] = process.argv.slice(2) as [string, string, string, string?];
const pause = new Int32Array(new SharedArrayBuffer(4));

function waitAtTakeover() {
  writeFileSync(join(syncDir, `arrived-${name}`), '');
  const needed = waitFor.split(',').filter(Boolean);
  const deadline = Date.now() + 20_000;
  // Synchronous, as the lock code is: the other taker runs in its own process meanwhile.
  while (!needed.every((f) => existsSync(join(syncDir, f)))) {
    if (Date.now() > deadline) throw new Error(`${name}: timed out waiting for ${needed.join(', ')}`);
    Atomics.wait(pause, 0, 0, 2);
  }
}

try {
  const release = acquireDirLock(dir, { beforeTakeover: waitAtTakeover });
  process.stdout.write(`${JSON.stringify({ name, won: true })}\n`);
  writeFileSync(join(syncDir, `done-${name}`), '');
  process.stdin.resume();
  process.stdin.on('end', () => {
    release();
    process.exit(0);
  });
} catch (e) {
  process.stdout.write(`${JSON.stringify({ name, won: false, error: (e as Error).name, message: (e as Error).message })}\n`);
  process.exit(0);
}
