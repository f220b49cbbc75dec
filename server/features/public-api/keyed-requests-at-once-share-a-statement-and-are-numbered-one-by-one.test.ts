import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { apiRateLimits } from '../../../core/public-api/limits.ts';
import type { PreparedStatement } from '../../adapters/db/index.ts';
import { describeEachDatabase } from '../../test/db.ts';
import { type PublicApiTest, startPublicApiTest } from '../../test/public-api-test-kit.ts';

const READS = apiRateLimits.read.limit; // 120 a minute

describeEachDatabase('keyed requests arriving together', (kind) => {
  let k: PublicApiTest;
  beforeAll(async () => {
    k = await startPublicApiTest(kind, { now: () => new Date('2026-07-02T12:00:15.000Z') });
  });
  afterAll(async () => k?.db.close());

  /** The key checks (one statement each) run while `fn` does. */
  async function countKeyStatements(fn: () => Promise<unknown>) {
    const run = vi.spyOn(k.db, 'run');
    try {
      await fn();
      return run.mock.calls.filter(([s]) => (s as PreparedStatement).name === 'api_keys_for_requests').length;
    } finally {
      run.mockRestore();
    }
  }

  it(`16 reads at once with one key: at most 2 key statements instead of 16, Remaining ${READS - 1}…${READS - 16} each once`, async () => {
    const api = k.withKey((await k.createKey(await k.createUser('Pro'), ['read'])).secret);
    let answers: Array<{ status: number; headers: Headers }> = [];
    const statements = await countKeyStatements(async () => {
      answers = await Promise.all(Array.from({ length: 16 }, () => api.get('/balance')));
    });
    expect(answers.map((a) => a.status)).toEqual(Array(16).fill(200));
    expect(statements).toBeGreaterThanOrEqual(1);
    expect(statements).toBeLessThanOrEqual(2);
    const remaining = answers.map((a) => Number(a.headers.get('ratelimit-remaining'))).sort((a, b) => b - a);
    expect(remaining).toEqual(Array.from({ length: 16 }, (_, i) => READS - 1 - i));
  });

  it('three keys (two owners, one revoked, one Basic-owned) in one batch: each answer is its own key’s, counts apart', async () => {
    const pro = await k.createUser('Pro');
    const a = await k.createKey(pro, ['read']);
    const b = await k.createKey(pro, ['read']);
    const revoked = await k.createKey(pro, ['read']);
    expect((await k.session(pro).revoke(revoked.id)).status).toBe(204);
    const downgraded = await k.createUser('Pro');
    const c = await k.createKey(downgraded, ['read']);
    await k.ledger.changeTier(downgraded, 'Basic', { actor: 'operator:test', immediate: true });
    const asks = [a, a, b, revoked, c, a].map((key) => k.withKey(key.secret).get('/balance'));
    const answers = await Promise.all(asks);
    expect(answers.map((x) => x.status)).toEqual([200, 200, 200, 401, 403, 200]);
    expect(answers[4]!.body.error.code).toBe('PLAN_REQUIRED');
    // a: 3 requests → 119, 118, 117 in some order; b: 1 → 119.
    expect([answers[0], answers[1], answers[5]].map((x) => Number(x!.headers.get('ratelimit-remaining'))).sort()).toEqual([117, 118, 119]);
    expect(answers[2]!.headers.get('ratelimit-remaining')).toBe(String(READS - 1));
  });

  it('a key revoked between two bursts stops the very next burst', async () => {
    const user = await k.createUser('Pro');
    const key = await k.createKey(user, ['read']);
    const api = k.withKey(key.secret);
    expect((await Promise.all(Array.from({ length: 4 }, () => api.get('/balance')))).map((x) => x.status)).toEqual([200, 200, 200, 200]);
    expect((await k.session(user).revoke(key.id)).status).toBe(204);
    expect((await Promise.all(Array.from({ length: 4 }, () => api.get('/balance')))).map((x) => x.status)).toEqual([401, 401, 401, 401]);
  });
});
