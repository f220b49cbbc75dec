import { describe, expect, it } from 'vitest';
import { computeMomentumReturns, sampleMonthEnds } from './momentum-returns.ts';

describe('momentum returns over month-end closes', () => {
  it('month ends are the last close of each calendar month, the newest (partial) month included', () => {
    const dates = ['2026-05-28', '2026-05-29', '2026-06-01', '2026-06-30', '2026-07-01', '2026-07-02'];
    expect(sampleMonthEnds(dates, [10, 11, 12, 13, 14, 15])).toEqual([11, 13, 15]);
  });

  it('13 month ends 100, 101, …, 112: 3m 112/109 − 1, 6m 112/106 − 1, 12-1 month 111/100 − 1', () => {
    const closes = Array.from({ length: 13 }, (_, i) => 100 + i);
    const r = computeMomentumReturns(closes);
    expect(r.return_3m.ok && r.return_3m.value).toBeCloseTo(112 / 109 - 1, 12);
    expect(r.return_6m.ok && r.return_6m.value).toBeCloseTo(112 / 106 - 1, 12);
    expect(r.return_12m_ex_1m.ok && r.return_12m_ex_1m.value).toBeCloseTo(0.11, 12);
  });

  it('too few months: series_too_short with needed and got; a zero close: invalid_value at its index', () => {
    const r = computeMomentumReturns([100, 101, 102, 103, 104]);
    expect(r.return_3m.ok).toBe(true);
    expect(r.return_6m).toMatchObject({ ok: false, error: { code: 'series_too_short', needed: 7, got: 5 } });
    const zero = computeMomentumReturns([0, 101, 102, 103]);
    expect(zero.return_3m).toMatchObject({ ok: false, error: { code: 'invalid_value', index: 0 } });
  });
});
