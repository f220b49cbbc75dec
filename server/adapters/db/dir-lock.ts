import { randomUUID } from 'node:crypto';
import { linkSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
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

/** Creates the lock file with its content in one step (a hard link fails if the name exists). */
function tryCreate(path: string, content: string): boolean {
  const temp = `${path}.${randomUUID()}.tmp`;
  writeFileSync(temp, content);
  try {
    linkSync(temp, path);
    return true;
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
    return false;
  } finally {
    rmSync(temp, { force: true });
  }
}

function readLock(path: string): string | undefined {
  try {
    return readFileSync(path, 'utf8');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw e;
  }
}

/**
 * Moves the stale lock aside with one atomic rename, then checks that what moved is the stale lock read
 * before: another taker may have replaced it meanwhile, and its live lock is then put back untouched.
 */
function moveStaleLockAside(path: string, stale: string): void {
  const aside = `${path}.${randomUUID()}.stale`;
  try {
    renameSync(path, aside);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return; // another taker moved it first
    throw e;
  }
  try {
    if (readFileSync(aside, 'utf8') !== stale) linkSync(aside, path);
  } finally {
    rmSync(aside, { force: true });
  }
}

/**
 * Takes an exclusive lock on a PGlite data dir: a file holding this process's pid and a unique token,
 * created atomically. A lock left by a process that no longer runs is taken over; of several processes
 * taking over the same stale lock, one wins and the others get DataDirLockedError. Returns the release
 * function. `beforeTakeover` is a test seam: it runs after a lock was judged stale, before it is taken.
 */
export function acquireDirLock(dir: string, options: { beforeTakeover?: () => void } = {}): () => void {
  const path = join(resolve(dir), 'stockpilot.lock');
  // The pid file cannot tell this process's own lock from a stale one left by an earlier process with
  // the same pid (pid 1 in containers), so locks held here are also remembered here.
  if (heldHere.has(path)) throw new DataDirLockedError(dir, process.pid);
  const mine = `${process.pid} ${randomUUID()}`;
  for (let attempt = 0; attempt < 4; attempt++) {
    if (tryCreate(path, mine)) {
      let released = false;
      heldHere.add(path);
      const release = () => {
        if (released) return;
        released = true;
        heldHere.delete(path);
        if (readLock(path) === mine) rmSync(path, { force: true });
      };
      process.once('exit', release);
      return release;
    }
    const held = readLock(path);
    if (held === undefined) continue; // released meanwhile
    const pid = Number.parseInt(held, 10);
    if (Number.isInteger(pid) && pid > 0 && pid !== process.pid && isAlive(pid)) throw new DataDirLockedError(dir, pid);
    options.beforeTakeover?.();
    moveStaleLockAside(path, held);
  }
  throw new Error(`Could not lock ${dir}`);
}
