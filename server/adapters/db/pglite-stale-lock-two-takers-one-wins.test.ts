import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { findAppRoot } from '../../lib/app-root.ts';
import { acquireDirLock, DataDirLockedError } from './dir-lock.ts';

// A PGlite data directory whose lock was left by a process that died: two app processes start at once
// and both find the lock stale. Each is a real process (the lock is per process), held at the takeover
// point by the fixture until the interleaving under test is reached.
interface Outcome {
  name: string;
  won: boolean;
  error?: string;
  message?: string;
}

const fixture = join(findAppRoot(), 'server/test/dir-lock-taker.ts');
const children: ReturnType<typeof spawn>[] = [];
const dirs: string[] = [];

afterEach(() => {
  for (const c of children.splice(0)) c.stdin?.end();
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

/** The pid of a process that has exited: what a crashed server leaves in its lock. */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', '']);
  await new Promise((r) => child.once('exit', r));
  return child.pid!;
}

function startTaker(dir: string, syncDir: string, name: string, waitFor: string[]): Promise<Outcome> {
  const child = spawn(process.execPath, ['--import', 'tsx', fixture, dir, syncDir, name, waitFor.join(',')], { stdio: ['pipe', 'pipe', 'inherit'] });
  children.push(child);
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      if (out.includes('\n')) resolve(JSON.parse(out.split('\n')[0]!) as Outcome);
    });
    child.once('exit', (code) => reject(new Error(`${name} exited (${code}) before answering: ${out}`)));
  });
}

async function staleLockedDir(): Promise<{ dir: string; syncDir: string; lock: string }> {
  const dir = mkdtempSync(join(tmpdir(), 'sp-stale-lock-'));
  const syncDir = mkdtempSync(join(tmpdir(), 'sp-stale-sync-'));
  dirs.push(dir, syncDir);
  const lock = join(dir, 'stockpilot.lock');
  writeFileSync(lock, String(await deadPid()));
  return { dir, syncDir, lock };
}

function expectOneWinner(outcomes: Outcome[], dir: string, lock: string) {
  const winners = outcomes.filter((o) => o.won);
  const refused = outcomes.filter((o) => !o.won);
  expect(winners).toHaveLength(1);
  expect(refused).toHaveLength(1);
  expect(refused[0]!.error).toBe('DataDirLockedError');
  expect(refused[0]!.message).toContain(`The database directory ${dir} is in use by another Stockpilot process`);
  // The lock on disk is the winner's.
  const winnerPid = children.find((_, i) => outcomes[i]!.won)!.pid;
  expect(Number.parseInt(readFileSync(lock, 'utf8'), 10)).toBe(winnerPid);
}

describe('two processes taking over a stale PGlite lock', () => {
  it('both judge it stale, A takes it over, then B acts on what it read: A wins, B is refused, A keeps its lock', async () => {
    const { dir, syncDir, lock } = await staleLockedDir();
    const a = startTaker(dir, syncDir, 'A', ['arrived-B']);
    const b = startTaker(dir, syncDir, 'B', ['arrived-A', 'done-A']);
    const outcomes = await Promise.all([a, b]);
    expect(outcomes.map((o) => o.won)).toEqual([true, false]);
    expectOneWinner(outcomes, dir, lock);
  });

  it('both judge it stale and take it over at the same moment, 5 times: exactly one wins each time', async () => {
    for (let round = 0; round < 5; round++) {
      const { dir, syncDir, lock } = await staleLockedDir();
      const outcomes = await Promise.all([startTaker(dir, syncDir, 'A', ['arrived-B']), startTaker(dir, syncDir, 'B', ['arrived-A'])]);
      expectOneWinner(outcomes, dir, lock);
      for (const c of children.splice(0)) c.stdin?.end();
    }
  });

  it('a lock left by a dead process is taken over; a live holder is refused; release frees it', async () => {
    const { dir, lock } = await staleLockedDir();
    const release = acquireDirLock(dir);
    expect(Number.parseInt(readFileSync(lock, 'utf8'), 10)).toBe(process.pid);
    expect(() => acquireDirLock(dir)).toThrow(DataDirLockedError);
    release();
    expect(existsSync(lock)).toBe(false);
    // Nothing left beside it: the temporary and moved-aside files are removed.
    expect(readdirSync(dir)).toEqual([]);
  });
});
