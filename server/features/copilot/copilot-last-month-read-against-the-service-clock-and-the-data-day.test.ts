import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../../test/db.ts';
import { COPILOT_COST_MT, type CopilotTest, OPENING_BALANCE_MT, startCopilotTest } from '../../test/copilot-test-kit.ts';

// The service's injected clock says 2026-11-28; the bundled data ends on 2026-07-02.
describeEachDatabase('relative time read against the service clock and the data day', (kind) => {
  let k: CopilotTest;
  beforeAll(async () => {
    k = await startCopilotTest(kind, { now: () => new Date('2026-11-28T15:00:00Z') });
  });
  afterAll(async () => k?.db.close());

  it("'Why did NVDA drop last month?' on 2026-11-28 names October 2026 and the data's end, cites the span, charged once", async () => {
    const u = await k.createUser();
    const res = await k.as(u).ask({ message: 'Why did NVDA drop last month?' });
    expect(res.body).toMatchObject({ status: 'answered', mode: 'offline' });
    expect(res.body.answer).toMatch(/^Last month \(October 2026\) \[1\] is after our data ends on 2026-07-02/);
    expect(res.body.citations[0]).toMatchObject({ n: 1, key: 'asked_period', value: 'October 2026', period: '2026-10-01 to 2026-10-31' });
    // Through the server's tools: the sector fund's move and the dividend that went ex in the window are cited too.
    expect(res.body.answer).toContain('Its sector, Information Technology (XLK), fell');
    expect(res.body.citations.some((c: { key: string; symbol: string }) => c.key === 'price_change_percent' && c.symbol === 'XLK')).toBe(true);
    expect(res.body.citations.some((c: { key: string; value: string }) => c.key === 'dividend_ex_date' && c.value === '2026-06-04')).toBe(true);
    expect(await k.balanceMt(u)).toBe(OPENING_BALANCE_MT - COPILOT_COST_MT);
  });
});
