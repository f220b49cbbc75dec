import { describe, expect, it } from 'vitest';
import { computeMomentumReturns } from './momentum-returns.ts';

/** Month-end closes 100, 101, …, 112 dated the last day of each month from 2025-06 to 2026-06. */
const monthEnds = () => {
  const dates: string[] = [];
  for (let i = 0; i < 13; i++) {
    const y = 2025 + Math.floor((5 + i) / 12);
    const m = ((5 + i) % 12) + 1;
    dates.push(new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10));
  }
  return { dates, close: dates.map((_, i) => 100 + i) };
};

describe('momentum returns over calendar windows (issue 29: windows that match their labels)', () => {
  it('13 month-ends 100…112 to 2026-06-30: 3m from the close on or before 2026-03-30 (2026-02-28, 108): 112/108 − 1; 6m 112/105 − 1; 12-1 110/100 − 1', () => {
    const s = monthEnds();
    expect(s.dates.at(-1)).toBe('2026-06-30');
    const r = computeMomentumReturns(s);
    // 2026-06-30 − 3 months = 2026-03-30; the last close on or before it is 2026-02-28's 108.
    expect(r.return_3m.ok && r.return_3m.value).toBeCloseTo(112 / 108 - 1, 12);
    // − 6 months = 2025-12-30: 2025-11-30's 105.
    expect(r.return_6m.ok && r.return_6m.value).toBeCloseTo(112 / 105 - 1, 12);
    // 12-1: from 2025-06-30 (100) to the close on or before 2026-05-30 (2026-04-30's 110).
    expect(r.return_12m_ex_1m.ok && r.return_12m_ex_1m.value).toBeCloseTo(110 / 100 - 1, 12);
  });

  it('daily bars: ADBE-like, a month is a month — the base is the close on or before the same day a month back, not the last month-end', () => {
    // Closes on 2026-05-29 (Fri) 400, 2026-06-01 … 2026-06-30 falling to 340, then 2026-07-01 and 07-02 rising to 364.
    const dates = ['2026-04-01', '2026-05-29', '2026-06-01', '2026-06-15', '2026-06-30', '2026-07-01', '2026-07-02'];
    const close = [420, 400, 398, 370, 340, 355, 364];
    const r = computeMomentumReturns({ dates, close });
    // 3 months back from 2026-07-02 is 2026-04-02: the close on or before it is 2026-04-01's 420. 364/420 − 1 = −13.33 %.
    expect(r.return_3m.ok && r.return_3m.value).toBeCloseTo(364 / 420 - 1, 12);
  });

  it('too short a history: series_too_short naming the day needed; a zero close: invalid_value at its index', () => {
    const s = monthEnds();
    const short = computeMomentumReturns({ dates: s.dates.slice(-5), close: s.close.slice(-5) });
    expect(short.return_3m.ok).toBe(true);
    expect(short.return_6m).toMatchObject({ ok: false, error: { code: 'series_too_short' } });
    expect(!short.return_6m.ok && short.return_6m.error.message).toMatch(/on or before 2025-12-30/);
    const zero = computeMomentumReturns({ dates: s.dates, close: s.close.map((c, i) => (i === 8 ? 0 : c)) });
    expect(zero.return_3m).toMatchObject({ ok: false, error: { code: 'invalid_value', index: 8 } });
  });
});
