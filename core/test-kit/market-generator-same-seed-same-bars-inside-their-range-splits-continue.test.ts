import { describe, expect, it } from 'vitest';
import { generateBars, generateSymbols, listLastTradingDays, listTradingDays } from './market-generator.ts';

const days = listLastTradingDays('2026-07-02', 252 * 20);

describe('the simulated market', () => {
  it('20 years of the exchange calendar: 5,040 trading days ending 2026-07-02, none a weekend or the Jul 3 holiday', () => {
    expect(days).toHaveLength(5_040);
    expect(days.at(-1)).toBe('2026-07-02');
    expect(days.every((d) => ![0, 6].includes(new Date(`${d}T00:00:00Z`).getUTCDay()))).toBe(true);
    expect(listTradingDays('2026-07-01', '2026-07-07')).toEqual(['2026-07-01', '2026-07-02', '2026-07-06', '2026-07-07']);
  });

  it('gives the same symbols and bars for the same seed, and other bars for another seed', () => {
    const a = generateSymbols(32, 50);
    const b = generateSymbols(32, 50);
    expect(a).toEqual(b);
    expect(generateBars(a[7]!, days)).toEqual(generateBars(b[7]!, days));
    expect(generateBars(generateSymbols(33, 50)[7]!, days).close).not.toEqual(generateBars(a[7]!, days).close);
  });

  it('keeps every bar inside its own range, positive and on whole cents, over 200 symbols × 20 years', () => {
    const outside: string[] = [];
    for (const sym of generateSymbols(32, 200)) {
      const bars = generateBars(sym, days);
      for (let i = 0; i < days.length; i++) {
        const [o, h, l, c] = [bars.open[i]!, bars.high[i]!, bars.low[i]!, bars.close[i]!];
        const inside = l > 0 && l <= o && o <= h && l <= c && c <= h && Math.round(c * 100) / 100 === c;
        if (!inside) outside.push(`${sym.symbol} ${days[i]}: ${o} ${h} ${l} ${c}`);
      }
    }
    expect(outside).toEqual([]);
  });

  it('divides raw prices by a split: the close before a 2-for-1 over 2 is within a normal day of the close on the split day', () => {
    const split = generateSymbols(32, 400)
      .map((sym) => ({ sym, bars: generateBars(sym, days) }))
      .find(({ bars }) => bars.splits.some((s) => s.ratio >= 2))!;
    expect(split).toBeDefined();
    const { date, ratio } = split.bars.splits.find((s) => s.ratio >= 2)!;
    const i = days.indexOf(date);
    const before = split.bars.close[i - 1]!;
    const after = split.bars.close[i]!;
    // e.g. $412.50 before a 2-for-1 is $206.25 on the new basis; the day's close is that ± one day's move (≤ 25 %).
    expect(Math.abs(after / (before / ratio) - 1)).toBeLessThan(0.25);
    // Unadjusted, the raw series halves (or more) across the split.
    expect(after / before).toBeLessThan(0.75);
  });

  it('ends on the anchor: a real symbol’s last snapshot close ($212.44) is the last raw close', () => {
    const [sym] = generateSymbols(32, 1);
    const bars = generateBars(sym!, days, { anchorClose: 212.44 });
    expect(bars.close.at(-1)).toBe(212.44);
  });
});
