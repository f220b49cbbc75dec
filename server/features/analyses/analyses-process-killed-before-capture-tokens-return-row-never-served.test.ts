import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { findAppRoot } from '../../lib/app-root.ts';
import { describeEachDatabase } from '../../test/db.ts';
import { createLedgerService } from '../tokens/index.ts';
import { HUNG_RUN_TIMEOUT_MS, hangAfterWork } from '../../test/analyses-run-stored-then-hangs.ts';
import type { PreparedRun } from './analyses-service.ts';
import { type AnalysesTest, OPENING_BALANCE_MT, startAnalysesTest } from '../../test/analyses-test-kit.ts';

type Stored = { holdId: string; analysisId: string };

/** Runs the child until its analysis is stored (not captured), then SIGKILLs it: no capture, no release. */
async function storeInChildThenKill(url: string, userId: string): Promise<{ stored: Stored; signal: string | null }> {
  const root = findAppRoot();
  const script = join(root, 'server/test/analyses-run-stored-then-hangs.ts');
  const child = spawn(process.execPath, ['--import', 'tsx', script, url, userId], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  child.stderr.on('data', (d) => (err += d));
  const exited = new Promise<string | null>((resolve) => child.on('exit', (_code, signal) => resolve(signal)));
  const stored = await new Promise<Stored>((resolve, reject) => {
    child.stdout.on('data', (d) => {
      out += d;
      if (out.includes('\n')) resolve(JSON.parse(out.split('\n')[0]!) as Stored);
    });
    child.on('exit', () => reject(new Error(`the run exited before storing: ${err}`)));
  });
  child.kill('SIGKILL');
  return { stored, signal: await exited };
}

describeEachDatabase('a process killed after storing an analysis and before capturing its hold', (kind) => {
  let k: AnalysesTest;
  beforeAll(async () => {
    k = await startAnalysesTest(kind);
  });
  afterAll(async () => k?.db.close());

  it('the row is never served, 9.2 stay available while held, and 10 come back when the sweeper expires the hold', async () => {
    const userId = await k.createUser();
    let stored: Stored;
    if (kind === 'postgres') {
      const url = (k.db as unknown as { pool: { options: { connectionString: string } } }).pool.options.connectionString;
      const run = await storeInChildThenKill(url, userId);
      expect(run.signal).toBe('SIGKILL');
      stored = run.stored;
    } else {
      // PGlite is one process's database: the "killed" run is one abandoned after its insert.
      stored = await new Promise<Stored>((resolve, reject) => {
        const service = k.serviceWith({ ledger: hangAfterWork(k.ledger, resolve) });
        service
          .prepareRun(userId, { symbol: 'AAPL', kind: 'technical' }, 'killed-run')
          .then((p) => service.executeRun(p as PreparedRun, { timeoutMs: HUNG_RUN_TIMEOUT_MS }))
          .catch(reject);
      });
    }
    expect(await k.storedRowCount(userId)).toBe(1);
    expect((await k.as(userId).list()).body.analyses).toHaveLength(0);
    expect((await k.as(userId).open(stored.analysisId)).status).toBe(404);
    // Held, not charged: 10 − 0.8 = 9.2 available until the hold settles.
    expect(await k.balanceMt(userId)).toBe(9_200);
    const [hold] = await k.holdsOf(userId);
    expect(hold).toMatchObject({ id: stored.holdId, status: 'pending' });

    // The sweeper of a surviving process, its clock at the hold's expiry.
    const survivor = createLedgerService(k.db, { now: () => new Date(hold!.expiresAt) });
    expect(await survivor.expireStaleHolds({ userId })).toBe(1);
    expect(await k.balanceMt(userId)).toBe(OPENING_BALANCE_MT);
    expect((await k.as(userId).list()).body.analyses).toHaveLength(0);
    expect(await k.ledger.reconcile({ userId })).toMatchObject({ ok: true });

    // The same key may run again: the expired attempt's row is taken over and charged once (10 − 0.8).
    const retry = await k.as(userId).run({ symbol: 'AAPL', kind: 'technical' }, 'killed-run');
    expect(retry.status).toBe(201);
    expect(await k.balanceMt(userId)).toBe(9_200);
    expect(await k.storedRowCount(userId)).toBe(1);
  });
});
