import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getActionCostMt } from '../../../core/tokens/costs.ts';
import { describeEachDatabase } from '../../test/db.ts';
import { type AnalysesTest, OPENING_BALANCE_MT, startAnalysesTest } from '../../test/analyses-test-kit.ts';

// One run per kind through the real builders; the balance drops by exactly the kind's cost from core/tokens/costs.ts.
const runs = [
  { body: { symbol: 'AAPL', kind: 'technical' }, costMt: 800, facts: ['rsi_14', 'sma_50', 'sma_200', 'macd', 'technical_rating'] },
  { body: { symbol: 'MSFT', kind: 'fundamental', subtype: 'profitability' }, costMt: 1_000, facts: ['net_margin', 'roe'] },
  { body: { symbol: 'KO', kind: 'fundamental' }, costMt: 1_000, subtype: 'overview', facts: ['piotroski_f'] },
  { body: { symbol: 'AAPL', kind: 'balance-sheet' }, costMt: 1_200, facts: ['current_ratio', 'debt_to_equity', 'altman_z'] },
  { body: { symbol: 'MSFT', kind: 'dcf' }, costMt: 1_000, facts: ['fair_value_per_share', 'wacc', 'terminal_growth', 'upside_percent'] },
  { body: { symbol: 'SPY', kind: 'etf' }, costMt: 800, facts: ['expense_ratio', 'top10_weight'] },
  { body: { symbol: 'JNJ', kind: 'overview' }, costMt: 500, facts: ['net_margin', 'pe_ttm'] },
] as const;

describeEachDatabase('each kind through POST /api/analyses', (kind) => {
  let k: AnalysesTest;
  beforeAll(async () => {
    k = await startAnalysesTest(kind);
  });
  afterAll(async () => k?.db.close());

  describe.each(runs)('$body.kind $body.symbol', (run) => {
    it(`costs ${run.costMt / 1000} tokens: 10 − ${run.costMt / 1000} = ${(OPENING_BALANCE_MT - run.costMt) / 1000} left, facts and a note stored`, async () => {
      expect(getActionCostMt(run.body.kind)).toBe(run.costMt);
      const u = await k.createUser();
      const res = await k.as(u).run(run.body);
      expect(res.status, JSON.stringify(res.body.error)).toBe(201);
      expect(res.body.cost_tokens).toBe(run.costMt / 1000);
      expect(res.body.subtype).toBe('subtype' in run.body ? run.body.subtype : 'subtype' in run ? run.subtype : null);
      const keys = res.body.facts.map((f: { key: string }) => f.key);
      for (const key of run.facts) expect(keys).toContain(key);
      expect(res.body.note.strengths.length + res.body.note.risks.length).toBeGreaterThan(0);
      // Point in time: no fact is dated after the data day.
      for (const f of res.body.facts as Array<{ as_of: string }>) expect(f.as_of <= res.body.as_of).toBe(true);
      expect(await k.balanceMt(u)).toBe(OPENING_BALANCE_MT - run.costMt);
    });
  });
});
