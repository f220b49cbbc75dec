import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Database } from '../../adapters/db/index.ts';
import { findAppRoot } from '../../lib/app-root.ts';
import { createTestDatabase, describeEachDatabase } from '../../test/db.ts';
import { insertTestUser } from '../../test/users.ts';
import { createTokensService } from './tokens-service.ts';
import type { Hold } from './ledger-types.ts';

/** Runs the worker fixture, waits for its hold, then SIGKILLs it (no capture, no release, no cleanup). */
async function holdInWorkerThenKill(url: string, userId: string, ttlMs: number): Promise<{ hold: Hold; signal: string | null }> {
  const root = findAppRoot();
  // Node itself with tsx as a loader, so the process we SIGKILL is the worker (the tsx CLI would be a wrapper
  // around a grandchild that survives the signal).
  const child = spawn(process.execPath, ['--import', 'tsx', join(root, 'server/test/ledger-worker-holds-then-hangs.ts'), url, userId, String(ttlMs)], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stderr.on('data', (d) => (err += d));
  const exited = new Promise<string | null>((resolve) => child.on('exit', (_code, signal) => resolve(signal)));
  const hold = await new Promise<Hold>((resolve, reject) => {
    child.stdout.on('data', (d) => {
      out += d;
      if (out.includes('\n')) resolve(JSON.parse(out.split('\n')[0]!) as Hold);
    });
    child.on('exit', () => reject(new Error(`worker exited before holding: ${err}`)));
  });
  child.kill('SIGKILL');
  return { hold, signal: await exited };
}

describeEachDatabase('a worker killed between hold and capture', (kind) => {
  let db: Database;
  beforeAll(async () => {
    db = await createTestDatabase(kind);
  });
  afterAll(async () => db?.close());

  it('the tokens come back after the TTL, not before (10 − 0.8 = 9.2 while held, 10 after the sweep)', async () => {
    const { id } = await insertTestUser(db);
    await createTokensService(db).openAccount(id);
    const ttlMs = 60_000;
    let hold: Hold;
    if (kind === 'postgres') {
      const url = (db as unknown as { pool: { options: { connectionString: string } } }).pool.options.connectionString;
      const run = await holdInWorkerThenKill(url, id, ttlMs);
      expect(run.signal).toBe('SIGKILL');
      hold = run.hold;
    } else {
      // PGlite is one process's database: the "worker" is a ledger instance abandoned after its hold.
      hold = await createTokensService(db).hold(id, 800, 'analysis-in-a-worker', { ttlMs });
    }
    expect(hold.status).toBe('pending');

    // The sweeper of a surviving process, its clock injected: before the TTL nothing moves.
    let clock = new Date(hold.expiresAt).getTime() - 1;
    const survivor = createTokensService(db, { now: () => new Date(clock) });
    expect(await survivor.expireStaleHolds()).toBe(0);
    expect((await survivor.getAccount(id)).availableMt).toBe(9_200);

    clock = new Date(hold.expiresAt).getTime();
    expect(await survivor.expireStaleHolds()).toBe(1);
    expect((await survivor.getAccount(id)).availableMt).toBe(10_000);
    expect((await survivor.listHolds(id))[0]).toMatchObject({ id: hold.id, status: 'expired' });
    expect(await survivor.reconcile({ userId: id })).toMatchObject({ ok: true });
  });
});
