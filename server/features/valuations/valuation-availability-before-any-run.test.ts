import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestApp } from '../../test/app.ts';
import { describeOnPglite } from '../../test/db.ts';

/*
 * Issue 30, bad input: "a company that cannot be valued by any method is 'Not available: reason' on the
 * analysis card before a run, and nothing is charged". The card asks this free, public endpoint; the run
 * itself refuses the same way before the hold (analyses-bad-input-…test.ts).
 */
describeOnPglite('GET /api/dcf/{symbol}/availability', (kind) => {
  let app: Awaited<ReturnType<typeof startTestApp>>;
  beforeAll(async () => {
    app = await startTestApp(kind);
  });
  afterAll(async () => app?.db.close());
  const ask = (symbol: string) => app.t.json('GET', `/api/dcf/${symbol}/availability`);

  it('a company no model can value: not available, with the reason in words (CVNA: its margin over the cycle is negative and it pays no dividend)', async () => {
    const res = await ask('CVNA');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ symbol: 'CVNA', available: false, model: null });
    expect(res.body.reason).toMatch(/^CVNA's normalised free cash flow is zero or negative/);
  });

  it('a bank is available on its own model: justified price-to-book', async () => {
    const res = await ask('JPM');
    expect(res.body).toMatchObject({ available: true, model: 'justified_pb', model_label: 'Justified price-to-book', reason: null });
  });

  it('a utility on dividends; an ordinary company on free cash flow', async () => {
    expect((await ask('DUK')).body.model).toBe('ddm');
    expect((await ask('AAPL')).body.model).toBe('fcff');
  });

  it('an ETF is 422 with the reason, as the run would answer', async () => {
    const res = await ask('SPY');
    expect(res.status).toBe(422);
    expect(res.body.error.message).toBe("A DCF valuation needs a company's statements; SPY is an ETF");
  });
});
