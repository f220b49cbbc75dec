import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acquireDirLock } from '../adapters/db/dir-lock.ts';
import { findAppRoot } from '../lib/app-root.ts';
import { copyPgliteDirTemplate } from '../test/template.ts';

/** `npm run admin -- <args>` as a child process on the PGlite directory `dir`: its exit code and output. */
function runAdmin(dir: string, args: string[]): Promise<{ code: number | null; out: string }> {
  const env: NodeJS.ProcessEnv = { ...process.env, PGLITE_DIR: dir, LOG_LEVEL: 'silent', BASE_URL: 'http://localhost:3000' };
  delete env.DATABASE_URL;
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/cli/admin.ts', ...args], { cwd: findAppRoot(), env });
  let out = '';
  child.stdout.on('data', (b) => (out += b));
  child.stderr.on('data', (b) => (out += b));
  return new Promise((resolve) => child.on('exit', (code) => resolve({ code, out })));
}

describe('npm run admin with the embedded database (docs/operations.md: stop, run, start)', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await copyPgliteDirTemplate();
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('while another process holds the directory it exits 1 saying to stop the app first; once it is free the command runs', async () => {
    const release = acquireDirLock(dir);
    try {
      const held = await runAdmin(dir, ['reconcile']);
      expect(held.code).toBe(1);
      expect(held.out).toContain(`is in use by another Stockpilot process (pid ${process.pid})`);
      expect(held.out).toContain('With the embedded database, stop the app first, run the admin command, then start the app again.');
      expect(held.out).not.toMatch(/\n\s+at /);
    } finally {
      release();
    }
    const free = await runAdmin(dir, ['reconcile']);
    expect(free).toMatchObject({ code: 0 });
    expect(free.out).toContain('ledger and balances agree');
  }, 60_000);
});
