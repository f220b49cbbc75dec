import { describe, expect, it } from 'vitest';
import { listBacktestMonths } from './backtest-months.ts';
import { addMonths, computeRunOutcome } from './outcomes.ts';
import { classifyCall, extractVerdicts, judgeCall } from './verdicts.ts';

describe('what each verdict claims', () => {
  it.each([
    ['technical_rating', 'Strong Buy', 'bullish', 'up'],
    ['technical_rating', 'Buy', 'bullish', 'up'],
    ['technical_rating', 'Neutral', 'neutral', null],
    ['technical_rating', 'Sell', 'bearish', 'down'],
    ['grade_value', 'A', 'bullish', 'beat'],
    ['grade_growth', 'C', 'neutral', null],
    ['grade_health', 'F', 'bearish', 'lag'],
    ['piotroski_f', 7, 'bullish', 'beat'],
    ['piotroski_f', 5, 'neutral', null],
    ['piotroski_f', 3, 'bearish', 'lag'],
    ['altman_zone', 'Safe', 'neutral', null],
    ['altman_zone', 'Distress', 'bearish', 'lag'],
    ['dcf_upside', 15.01, 'bullish', 'up'],
    ['dcf_upside', 15, 'neutral', null],
    ['dcf_upside', -15.01, 'bearish', 'down'],
  ] as const)('%s %s → %s, expects %s', (type, value, side, expects) => {
    expect(classifyCall(type, value)).toEqual({ side, expects });
  });

  it('held: up needs change > 0; beat needs change − SPY > 0 (a stock up 5 % while SPY rose 8 % lagged); flat holds nothing', () => {
    expect(judgeCall('up', 5, 8)).toBe(true);
    expect(judgeCall('beat', 5, 8)).toBe(false);
    expect(judgeCall('lag', 5, 8)).toBe(true);
    expect(judgeCall('down', 0, -1)).toBe(false);
    expect(judgeCall(null, 5, 8)).toBeNull();
  });

  it('reads the verdicts from an analysis’s facts: the DCF upside from upside_percent, nothing from unrelated facts', () => {
    const facts = [
      { key: 'technical_rating', value: 'Buy' },
      { key: 'upside_percent', value: -22.5 },
      { key: 'rsi_14', value: 71 },
      { key: 'grade_value', value: 'D' },
    ];
    expect(extractVerdicts(facts)).toEqual({ technical_rating: 'Buy', grade_value: 'D', dcf_upside: -22.5 });
  });
});

describe('horizons in calendar months', () => {
  it('a month-end maps to month-ends (2024-02-29 + 1 → 2024-03-31; 2023-08-31 + 6 → 2024-02-29), other days clamp (2024-01-30 + 1 → 2024-02-29)', () => {
    expect(addMonths('2024-02-29', 1)).toBe('2024-03-31');
    expect(addMonths('2023-08-31', 6)).toBe('2024-02-29');
    expect(addMonths('2024-01-30', 1)).toBe('2024-02-29');
    expect(addMonths('2025-11-15', 3)).toBe('2026-02-15');
  });

  // Stock: 100 on the data day, 110 a month on, 90 three months on. SPY: 400 → 420 → 400.
  const stock = [
    { date: '2025-01-31', close: 100 },
    { date: '2025-02-28', close: 110 },
    { date: '2025-03-31', close: 95 },
    { date: '2025-04-30', close: 90 },
    { date: '2025-05-02', close: 88 },
  ];
  const spy = [
    { date: '2025-01-31', close: 400 },
    { date: '2025-02-28', close: 420 },
    { date: '2025-04-30', close: 400 },
    { date: '2025-05-05', close: 404 },
  ];

  it('1 month: 110/100 − 1 = +10 %, SPY 420/400 − 1 = +5 %; 3 months: 90/100 − 1 = −10 %, SPY 0 %; 6 and 12 months pending', () => {
    const o = computeRunOutcome(stock, spy, '2025-01-31')!;
    expect(o.horizons.map((h) => [h.months, h.matures_on, h.status])).toEqual([
      [1, '2025-02-28', 'matured'],
      [3, '2025-04-30', 'matured'],
      [6, '2025-07-31', 'pending'],
      [12, '2026-01-31', 'pending'],
    ]);
    expect(o.horizons[0]!.change_percent).toBeCloseTo(10, 10);
    expect(o.horizons[0]!.spy_change_percent).toBeCloseTo(5, 10);
    expect(o.horizons[1]!.change_percent).toBeCloseTo(-10, 10);
    expect(o.horizons[1]!.spy_change_percent).toBeCloseTo(0, 10);
    expect(o.final).toBe(false);
  });

  it('since the run: to the latest bar 88/100 − 1 = −12 %, SPY to its close on or before that day (400) 0 %', () => {
    const o = computeRunOutcome(stock, spy, '2025-01-31')!;
    expect(o.latest_date).toBe('2025-05-02');
    expect(o.change_percent).toBeCloseTo(-12, 10);
    expect(o.spy_change_percent).toBeCloseTo(0, 10);
  });

  it('a horizon matures only once both have a bar on or after its end; no close on or before the data day → no outcome', () => {
    const o = computeRunOutcome(stock.slice(0, 3), spy, '2025-01-31')!;
    expect(o.horizons[1]!.status).toBe('pending');
    expect(computeRunOutcome(stock, spy, '2024-12-31')).toBeNull();
  });

  it('the backtest months are the complete months: the open one (May 2025) is left out', () => {
    expect(listBacktestMonths(['2025-01-31', '2025-02-03', '2025-03-31', '2025-05-02'], 2)).toEqual([
      { month: '2025-02', day: '2025-02-28' },
      { month: '2025-03', day: '2025-03-31' },
    ]);
  });
});
