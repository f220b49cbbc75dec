import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeOnPglite } from '../../test/db.ts';
import { type AnalysesTest, OPENING_BALANCE_MT, startAnalysesTest } from '../../test/analyses-test-kit.ts';
import { MAX_ANALYSIS_BODY_BYTES } from './analyses.routes.ts';

describeOnPglite('bad analysis requests', (kind) => {
  let k: AnalysesTest;
  beforeAll(async () => {
    k = await startAnalysesTest(kind);
  });
  afterAll(async () => k?.db.close());

  const cases: Array<{ name: string; body: unknown; status: number; code: string; field?: string }> = [
    { name: 'unknown kind', body: { symbol: 'AAPL', kind: 'astrology' }, status: 400, code: 'VALIDATION_FAILED', field: 'kind' },
    { name: 'unknown subtype', body: { symbol: 'AAPL', kind: 'fundamental', subtype: 'vibes' }, status: 400, code: 'VALIDATION_FAILED', field: 'subtype' },
    {
      name: 'a subtype on a technical analysis',
      body: { symbol: 'AAPL', kind: 'technical', subtype: 'growth' },
      status: 400,
      code: 'VALIDATION_FAILED',
      field: 'subtype',
    },
    { name: 'a malformed symbol', body: { symbol: "AAPL'; DROP TABLE analyses;--", kind: 'technical' }, status: 400, code: 'INVALID_SYMBOL', field: 'symbol' },
    { name: 'a symbol with a space', body: { symbol: 'AA PL', kind: 'technical' }, status: 400, code: 'INVALID_SYMBOL', field: 'symbol' },
    { name: 'an unknown symbol', body: { symbol: 'ZZZZQ', kind: 'technical' }, status: 404, code: 'UNKNOWN_SYMBOL', field: 'symbol' },
    { name: 'a field the contract does not have', body: { symbol: 'AAPL', kind: 'technical', price: 1 }, status: 400, code: 'VALIDATION_FAILED' },
    { name: 'an ETF analysis of a stock', body: { symbol: 'AAPL', kind: 'etf' }, status: 422, code: 'UNPROCESSABLE' },
    { name: 'a fundamental analysis of an ETF', body: { symbol: 'SPY', kind: 'fundamental', subtype: 'growth' }, status: 422, code: 'UNPROCESSABLE' },
    // Issue 30: refused before the hold, not after it (CVNA's free cash flow margin over the cycle is negative, and it pays no dividend).
    { name: 'a valuation no model can produce', body: { symbol: 'CVNA', kind: 'dcf' }, status: 422, code: 'UNPROCESSABLE', field: 'kind' },
  ];

  describe.each(cases)('$name', ({ body, status, code, field }) => {
    it(`answers ${status} ${code} with a message; nothing charged, nothing stored`, async () => {
      const userId = await k.createUser();
      const res = await k.as(userId).run(body, 'bad-input');
      expect(res.status).toBe(status);
      expect(res.body.error.code).toBe(code);
      expect(res.body.error.message.length).toBeGreaterThan(0);
      if (field) expect(res.body.error.field).toBe(field);
      expect(await k.balanceMt(userId)).toBe(OPENING_BALANCE_MT);
      expect(await k.storedRowCount(userId)).toBe(0);
      expect(await k.holdsOf(userId)).toHaveLength(0);
    });
  });

  it('an ETF analysis of a stock says why: "ETF analysis needs an ETF"', async () => {
    const userId = await k.createUser();
    const res = await k.as(userId).run({ symbol: 'MSFT', kind: 'etf' });
    expect(res.status).toBe(422);
    expect(res.body.error.message).toBe('ETF analysis needs an ETF');
  });

  it('a valuation no model can produce says why in words, before any token is held', async () => {
    const userId = await k.createUser();
    const res = await k.as(userId).run({ symbol: 'CVNA', kind: 'dcf' });
    expect(res.status).toBe(422);
    expect(res.body.error.message).toMatch(/^CVNA's normalised free cash flow is zero or negative/);
    expect(await k.holdsOf(userId)).toHaveLength(0);
  });

  it(`a body over ${MAX_ANALYSIS_BODY_BYTES} bytes is 413 PAYLOAD_TOO_LARGE before it is read`, async () => {
    const userId = await k.createUser();
    const res = await k.as(userId).run({ symbol: 'AAPL', kind: 'technical', padding: 'x'.repeat(MAX_ANALYSIS_BODY_BYTES) });
    expect(res.status).toBe(413);
    expect(res.body.error.code).toBe('PAYLOAD_TOO_LARGE');
    expect(await k.balanceMt(userId)).toBe(OPENING_BALANCE_MT);
    expect(await k.storedRowCount(userId)).toBe(0);
  });

  it('an over-long Idempotency-Key is 400 naming the header', async () => {
    const userId = await k.createUser();
    const res = await k.as(userId).run({ symbol: 'AAPL', kind: 'technical' }, 'k'.repeat(201));
    expect(res.status).toBe(400);
    expect(await k.holdsOf(userId)).toHaveLength(0);
  });

  it('a key reused with another body is 422 IDEMPOTENCY_KEY_REUSED (as Stripe answers): the first run charged once (10 − 0.8 = 9.2), the second nothing', async () => {
    const userId = await k.createUser();
    const first = await k.as(userId).run({ symbol: 'AAPL', kind: 'technical' }, 'click-1');
    expect(first.status).toBe(201);
    const reused = await k.as(userId).run({ symbol: 'MSFT', kind: 'technical' }, 'click-1');
    expect(reused.status).toBe(422);
    expect(reused.body.error.code).toBe('IDEMPOTENCY_KEY_REUSED');
    expect(reused.body.error.message).toMatch(/another analysis/);
    expect(await k.balanceMt(userId)).toBe(9_200);
    expect(await k.storedRowCount(userId)).toBe(1);
    expect(await k.holdsOf(userId)).toHaveLength(1);
  });
});
