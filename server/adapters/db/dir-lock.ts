import { closeSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { join, resolve } from 'node:path';

export class DataDirLockedError extends Error {
  constructor(dir: string, pid: number) {
    super(
      `The database directory ${dir} is in use by another Stockpilot process (pid ${pid}). ` +
        'PGlite allows one process per directory: stop the other process, or set PGLITE_DIR to another directory.',
    );
    this.name = 'DataDirLockedError';
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

const heldHere = new Set<string>();

/**
 * Takes an exclusive lock on a PGlite data dir (a pid file created with O_EXCL). A lock left by a
 * process that no longer runs is taken over. Returns the release function.
 */
export function acquireDirLock(dir: string): () => void {
  const path = join(resolve(dir), 'stockpilot.lock');
  // The pid file cannot tell this process's own lock from a stale one left by an earlier process with
  // the same pid (pid 1 in containers), so locks held here are also remembered here.
  if (heldHere.has(path)) throw new DataDirLockedError(dir, process.pid);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(path, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      let released = false;
      heldHere.add(path);
      const release = () => {
        if (released) return;
        released = true;
        heldHere.delete(path);
        rmSync(path, { force: true });
      };
      process.once('exit', release);
      return release;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      const pid = Number(readFileSync(path, 'utf8').trim());
      if (Number.isInteger(pid) && pid > 0 && pid !== process.pid && isAlive(pid)) throw new DataDirLockedError(dir, pid);
      rmSync(path, { force: true });
    }
  }
  throw new Error(`Could not lock ${dir}`);
}
