import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../../test/db.ts';
import { COPILOT_COST_MT, type CopilotTest, OPENING_BALANCE_MT, startCopilotTest } from '../../test/copilot-test-kit.ts';

describeEachDatabase("'what is a good P/E' through the API: the screener's spread, charged as an answer", (kind) => {
  let k: CopilotTest;
  beforeAll(async () => {
    k = await startCopilotTest(kind);
  });
  afterAll(async () => k?.db.close());

  it("'What is a normal P/E for AAPL?': the market's median and quartiles, AAPL's sector's, AAPL's own; 0.3 charged", async () => {
    const u = await k.createUser();
    const res = await k.as(u).ask({ message: 'What is a normal P/E for AAPL?' });
    expect(res.body).toMatchObject({ status: 'answered', mode: 'offline' });
    const keys = res.body.citations.map((c: { key: string; period: string }) => `${c.key}|${c.period.replace(/ on .*/, '')}`);
    expect(keys).toEqual(expect.arrayContaining(['spread_p50|all stocks', 'spread_p25|all stocks', 'spread_p75|all stocks', 'pe_ttm|AAPL']));
    expect(res.body.answer).toMatch(/In [A-Z][\w ]+, AAPL's sector, the median is/);
    expect(await k.balanceMt(u)).toBe(OPENING_BALANCE_MT - COPILOT_COST_MT);
  });
});
