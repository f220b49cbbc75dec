import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../../test/db.ts';
import { type AnalysesTest, startAnalysesTest } from '../../test/analyses-test-kit.ts';

describeEachDatabase('one click sent 10 times at once (same Idempotency-Key and body)', (kind) => {
  let k: AnalysesTest;
  beforeAll(async () => {
    k = await startAnalysesTest(kind);
  });
  afterAll(async () => k?.db.close());

  it('one run is stored and charged (10 − 0.8 = 9.2); the others answer that analysis (200) or 409 CONFLICT while it runs', async () => {
    const u = await k.createUser();
    const answers = await Promise.all(Array.from({ length: 10 }, () => k.as(u).run({ symbol: 'AAPL', kind: 'technical' }, 'double-click')));
    const created = answers.filter((a) => a.status === 201);
    expect(created).toHaveLength(1);
    const id = created[0]!.body.id;
    for (const a of answers.filter((x) => x.status !== 201)) {
      if (a.status === 200) expect(a.body.id).toBe(id);
      else expect([a.status, a.body.error.code]).toEqual([409, 'CONFLICT']);
    }
    expect(await k.balanceMt(u)).toBe(9_200);
    expect(await k.storedRowCount(u)).toBe(1);
    expect((await k.holdsOf(u)).filter((h) => h.status === 'captured')).toHaveLength(1);
    expect((await k.holdsOf(u)).filter((h) => h.status === 'pending')).toHaveLength(0);
    expect(await k.ledger.reconcile({ userId: u })).toMatchObject({ ok: true });
  });
});
