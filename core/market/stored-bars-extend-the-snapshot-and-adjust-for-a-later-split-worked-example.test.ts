import { describe, expect, it } from 'vitest';
import { adjustDividendsForSplits, extendDailyBars, extendMonthlyBars } from './stored-bars.ts';

const bar = (date: string, close: number, volume = 1_000) => ({ date, open: close, high: close, low: close, close, volume });

describe('the snapshot continued by stored bars', () => {
  it('a 2-for-1 split after the snapshot halves every earlier price and doubles its volume: $300, $310 raw, $156 → $150, $155, $156', () => {
    const base = [bar('2026-07-01', 298), bar('2026-07-02', 300)];
    const stored = [bar('2026-07-06', 310), bar('2026-07-07', 156)];
    const merged = extendDailyBars(base, '2026-07-02', stored, [{ date: '2026-07-07', ratio: 2 }]);
    expect(merged.map((b) => [b.date, b.close, b.volume])).toEqual([
      ['2026-07-01', 149, 2_000],
      ['2026-07-02', 150, 2_000],
      ['2026-07-06', 155, 2_000],
      ['2026-07-07', 156, 1_000],
    ]);
  });

  it('splits the snapshot already applied (on or before its end) are not applied twice; stored bars on snapshot days are left out', () => {
    const base = [bar('2026-07-02', 300)];
    const stored = [bar('2026-07-02', 600), bar('2026-07-06', 303)];
    const merged = extendDailyBars(base, '2026-07-02', stored, [{ date: '2026-06-15', ratio: 2 }]);
    expect(merged.map((b) => b.close)).toEqual([300, 303]);
  });

  it('a 1-for-8 reverse split multiplies earlier prices by 8: $2.50 → $20', () => {
    const merged = extendDailyBars([bar('2026-07-02', 2.5)], '2026-07-02', [bar('2026-07-08', 20.4)], [{ date: '2026-07-08', ratio: 0.125 }]);
    expect(merged.map((b) => b.close)).toEqual([20, 20.4]);
  });

  it('a month-end series gains one bar per later month, the current month as its latest stored day', () => {
    const base = [bar('2026-05-29', 100), bar('2026-06-30', 104)];
    const stored = [bar('2026-07-06', 105), bar('2026-07-31', 107), bar('2026-08-03', 108), bar('2026-08-04', 109)];
    expect(extendMonthlyBars(base, '2026-06-30', stored, []).map((b) => [b.date, b.close])).toEqual([
      ['2026-05-29', 100],
      ['2026-06-30', 104],
      ['2026-07-31', 107],
      ['2026-08-04', 109],
    ]);
  });

  it('dividends move onto the split basis too: $0.26 before a 4-for-1 split reads $0.065', () => {
    const d = adjustDividendsForSplits(
      [
        { ex_date: '2026-08-10', amount: 0.26 },
        { ex_date: '2026-11-09', amount: 0.07 },
      ],
      [{ date: '2026-08-31', ratio: 4 }],
    );
    expect(d.map((x) => x.amount)).toEqual([0.065, 0.07]);
  });
});
