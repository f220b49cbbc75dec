import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../../test/db.ts';
import { COPILOT_COST_MT, type CopilotTest, OPENING_BALANCE_MT, startCopilotTest } from '../../test/copilot-test-kit.ts';

describeEachDatabase('a trend answer through the API: yearly figures, CAGR, chart points, charged once', (kind) => {
  let k: CopilotTest;
  beforeAll(async () => {
    k = await startCopilotTest(kind);
  });
  afterAll(async () => k?.db.close());

  it("'what's MSFT's free cash flow trend': six fiscal years cited and charted, the 5-year CAGR 9.62 % cited, 0.3 charged", async () => {
    const u = await k.createUser();
    const res = await k.as(u).ask({ message: "what's MSFT's free cash flow trend" });
    expect(res.body).toMatchObject({ status: 'answered', mode: 'offline' });
    const years = res.body.citations.filter((c: { key: string }) => c.key === 'free_cash_flow');
    expect(years.map((c: { period: string }) => c.period)).toEqual(['FY2020', 'FY2021', 'FY2022', 'FY2023', 'FY2024', 'FY2025']);
    expect(res.body.citations.find((c: { key: string }) => c.key === 'fcf_cagr_5y')?.value).toBe(9.62);
    // Every chart point is a cited figure: the chart draws nothing the text could not back.
    expect(res.body.chart.points).toEqual(years.map((c: { period: string; value: number }) => ({ period: c.period, value: c.value })));
    expect(res.body.chart).toMatchObject({ label: 'Free cash flow', unit: 'usd' });
    expect(await k.balanceMt(u)).toBe(OPENING_BALANCE_MT - COPILOT_COST_MT);
  });

  it('an answer that is not a trend carries no chart', async () => {
    const u = await k.createUser();
    const res = await k.as(u).ask({ message: "What is AAPL's P/E?" });
    expect(res.body.status).toBe('answered');
    expect(res.body.chart).toBeUndefined();
  });
});
