import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../../test/db.ts';
import { type AnalysesTest, startAnalysesTest } from '../../test/analyses-test-kit.ts';

describeEachDatabase('20 technical analyses at once on a balance covering 10.25 of them', (kind) => {
  let k: AnalysesTest;
  beforeAll(async () => {
    k = await startAnalysesTest(kind);
  });
  afterAll(async () => k?.db.close());

  it('exactly 10 succeed, 10 get 402, the balance ends at 8.2 − 10 × 0.8 = 0.2 and the ledger reconciles', async () => {
    // A technical analysis costs 0.8 tokens = 800 mt; 10.25 runs = 8 200 mt (the account opens at 10 000, 1 800 spent).
    const userId = await k.createUser(8_200);
    expect(await k.balanceMt(userId)).toBe(8_200);

    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => k.as(userId).run({ symbol: 'AAPL', kind: 'technical' }, `parallel-${i}`)));
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(10);
    expect(statuses.filter((s) => s === 402)).toHaveLength(10);
    for (const a of answers.filter((x) => x.status === 402)) expect(a.body.error.code).toBe('INSUFFICIENT_TOKENS');

    // 8 200 − 10 × 800 = 200 mt = 0.2 tokens; each success costs 0.8.
    expect(await k.balanceMt(userId)).toBe(200);
    for (const a of answers.filter((x) => x.status === 201)) expect(a.body.cost_tokens).toBe(0.8);
    // A 402 is answered before any work: 10 stored rows, 10 captured holds, none pending.
    expect(await k.storedRowCount(userId)).toBe(10);
    const holds = await k.holdsOf(userId);
    expect(holds.filter((h) => h.status === 'captured' && h.costMt === 800)).toHaveLength(10);
    expect(holds.filter((h) => h.status === 'pending')).toHaveLength(0);
    const listed = await k.as(userId).list('?limit=100');
    expect(listed.body.analyses).toHaveLength(10);
    // Every stored analysis is served under the hold that charged it.
    const unmatched = await k.db.query(
      sql`SELECT a.id FROM analyses a LEFT JOIN token_holds h ON h.id = a.hold_id WHERE a.user_id = ${userId} AND h.status IS DISTINCT FROM 'captured'`,
    );
    expect(unmatched).toHaveLength(0);
    expect(await k.ledger.reconcile({ userId })).toMatchObject({ ok: true });
  });
});
