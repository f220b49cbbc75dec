import { describe, expect, it } from 'vitest';
import { type AlertRule, checkThreshold, describeFiring, evaluateAlert, type SymbolPoint } from './alert-rules.ts';

const point = (over: Partial<SymbolPoint>, day = 1): SymbolPoint => ({
  symbol: 'AAPL',
  asOf: `2026-07-${String(day).padStart(2, '0')}`,
  price: 100,
  dayChangePercent: 0,
  rsi14: 50,
  sma50: 100,
  sma200: 100,
  rating: 'neutral',
  ...over,
});

/** Runs the machine over a sequence: the first point only records the side (as at creation), then one step per refresh. */
function run(rule: AlertRule, points: SymbolPoint[]): boolean[] {
  let side: string | null = null;
  return points.map((p) => {
    const e = evaluateAlert(rule, side, p);
    side = e.side;
    return e.fired;
  });
}

describe('price alerts fire once per crossing and re-arm on the way back', () => {
  it('price above $150: 140 → 151 fires, 155 and 160 stay above (no fire), 149 re-arms, 150 is not above, 152 fires again', () => {
    const prices = [140, 151, 155, 160, 149, 150, 152];
    const fired = run(
      { kind: 'price_above', threshold: 150 },
      prices.map((price, i) => point({ price }, i + 1)),
    );
    expect(fired).toEqual([false, true, false, false, false, false, true]);
  });

  it('price below $100: created at 90 (already below) does not fire; 101 re-arms; 99.99 fires', () => {
    const fired = run(
      { kind: 'price_below', threshold: 100 },
      [90, 95, 101, 99.99].map((price, i) => point({ price }, i + 1)),
    );
    expect(fired).toEqual([false, false, false, true]);
  });

  it('the same point evaluated twice (two ticks, no refresh) fires once', () => {
    const rule: AlertRule = { kind: 'price_above', threshold: 150 };
    const first = evaluateAlert(rule, 'below', point({ price: 151 }));
    const again = evaluateAlert(rule, first.side, point({ price: 151 }));
    expect([first.fired, again.fired]).toEqual([true, false]);
  });
});

describe('day move, RSI and moving-average crosses', () => {
  it('day move ±5%: +1 → +6 fires (up), +7 stays up, −6 fires (down is another side), +2 re-arms, +5 fires', () => {
    const moves = [1, 6, 7, -6, 2, 5];
    expect(
      run(
        { kind: 'move_percent', threshold: 5 },
        moves.map((m, i) => point({ dayChangePercent: m }, i + 1)),
      ),
    ).toEqual([false, true, false, true, false, true]);
  });

  it('RSI level 30 fires on the fall below 30 only; level 70 on the rise above 70 only', () => {
    const rsis = [45, 29, 25, 31, 28, 75];
    const pts = rsis.map((r, i) => point({ rsi14: r }, i + 1));
    expect(run({ kind: 'rsi_cross', threshold: 30 }, pts)).toEqual([false, true, false, false, true, false]);
    expect(run({ kind: 'rsi_cross', threshold: 70 }, pts)).toEqual([false, false, false, false, false, true]);
  });

  it('golden cross fires when SMA 50 moves over SMA 200, death cross on the way under; a missing SMA 200 keeps the side', () => {
    const pairs: Array<[number, number | null]> = [
      [98, 100],
      [101, 100],
      [102, null],
      [103, 100],
      [99, 100],
    ];
    const pts = pairs.map(([a, b], i) => point({ sma50: a, sma200: b }, i + 1));
    expect(run({ kind: 'golden_cross', threshold: null }, pts)).toEqual([false, true, false, false, false]);
    expect(run({ kind: 'death_cross', threshold: null }, pts)).toEqual([false, false, false, false, true]);
  });

  it('rating change fires on every change of label and not while it stays', () => {
    const labels = ['neutral', 'buy', 'buy', 'strong_buy', 'buy'] as const;
    expect(
      run(
        { kind: 'rating_change', threshold: null },
        labels.map((rating, i) => point({ rating }, i + 1)),
      ),
    ).toEqual([false, true, false, true, true]);
  });
});

describe('thresholds and messages', () => {
  it('accepts what each kind takes and names the rule otherwise', () => {
    expect(checkThreshold('price_above', 199.5)).toEqual({ ok: true, threshold: 199.5 });
    expect(checkThreshold('price_below', 199.99)).toEqual({ ok: true, threshold: 199.99 });
    expect(checkThreshold('rsi_cross', 70)).toEqual({ ok: true, threshold: 70 });
    expect(checkThreshold('golden_cross', null)).toEqual({ ok: true, threshold: null });
    const refused = [
      checkThreshold('price_above', -1),
      checkThreshold('price_above', 0),
      checkThreshold('price_above', 1.00001),
      checkThreshold('price_below', null),
      checkThreshold('move_percent', 0),
      checkThreshold('move_percent', 150),
      checkThreshold('rsi_cross', 50),
      checkThreshold('rating_change', 5),
      checkThreshold('price_above', Number.NaN),
    ];
    expect(refused.every((r) => !r.ok)).toBe(true);
    expect(refused[6]).toEqual({ ok: false, message: 'An RSI alert watches level 30 or 70.' });
  });

  it('a firing says what crossed, the close and the data day', () => {
    const m = describeFiring({ kind: 'price_above', threshold: 150 }, 'below', point({ price: 151.25 }, 2));
    expect(m.title).toBe('AAPL rose above $150.00');
    expect(m.body).toBe('AAPL closed at $151.25 on 2026-07-02, above your alert at $150.00.');
  });
});
