import { describe, expect, it } from 'vitest';
import { computeWilsonInterval, type ScoredRun, summarizeTrackRecord } from './hit-rates.ts';

describe('Wilson 95 % interval', () => {
  it('7 of 10: p = 0.7, z² = 3.8415, centre = (0.7 + 3.8415/20) / (1 + 3.8415/10) = 0.6445, margin = 1.96·√(0.021 + 0.0096) / 1.3841 = 0.2477 → 39.7 %…89.2 %', () => {
    const ci = computeWilsonInterval(7, 10)!;
    expect(ci.low).toBeCloseTo(0.3968, 4);
    expect(ci.high).toBeCloseTo(0.8922, 4);
  });

  it('0 of 10 is not the point 0: centre = margin = 0.1921/1.3841 = 0.1388 → 0 %…27.8 %', () => {
    const ci = computeWilsonInterval(0, 10)!;
    expect(ci.low).toBe(0);
    expect(ci.high).toBeCloseTo(0.2775, 4);
  });

  it('10 of 10 mirrors it: 72.2 %…100 %; and n = 0 has no interval', () => {
    const ci = computeWilsonInterval(10, 10)!;
    expect(ci.low).toBeCloseTo(1 - 0.2775, 4);
    expect(ci.high).toBe(1);
    expect(computeWilsonInterval(0, 0)).toBeNull();
  });

  it('narrows as n grows: 550 of 1000 → 51.9 %…58.1 %', () => {
    const ci = computeWilsonInterval(550, 1000)!;
    expect(ci.low).toBeCloseTo(0.5192, 3);
    expect(ci.high).toBeCloseTo(0.5802, 3);
  });
});

/** A run with its 1-month change (and SPY's); longer horizons still pending. */
const run = (over: Partial<ScoredRun>, change: number | null, spy: number | null): ScoredRun => ({
  kind: 'technical',
  source: 'backtest',
  verdicts: {},
  changes: [change, null, null, null],
  spyChanges: [spy, null, null, null],
  ...over,
});

describe('hit rates per kind, verdict and side', () => {
  const runs: ScoredRun[] = [
    // Buy → "price rises": +4 held, −2 failed, +1 held, pending (not counted in n) → 2 of 3.
    run({ verdicts: { technical_rating: 'Buy' } }, 4, 1),
    run({ verdicts: { technical_rating: 'Strong Buy' } }, -2, -3),
    run({ verdicts: { technical_rating: 'Buy' } }, 1, 2),
    run({ verdicts: { technical_rating: 'Buy' } }, null, null),
    // Sell → "price falls": −5 held → 1 of 1.
    run({ verdicts: { technical_rating: 'Sell' } }, -5, -1),
    // Neutral: counted, no hit rate; its mean excess is (0 − 1) = −1.
    run({ verdicts: { technical_rating: 'Neutral' } }, 0, 1),
    // A user's run is its own column.
    run({ source: 'live', verdicts: { technical_rating: 'Buy' } }, -1, 0),
    // Grade A → "beats SPY": 3 − 1 = +2 held; 2 − 5 = −3 failed → 1 of 2, mean excess (2 − 3)/2 = −0.5.
    run({ kind: 'fundamental', verdicts: { grade_value: 'A', piotroski_f: 8 } }, 3, 1),
    run({ kind: 'fundamental', verdicts: { grade_value: 'B', piotroski_f: 2 } }, 2, 5),
  ];
  const groups = summarizeTrackRecord(runs);
  const find = (kind: string, verdict: string, side: string) => groups.find((g) => g.kind === kind && g.verdict === verdict && g.side === side)!;

  it('Buy or Strong Buy: 4 runs, 3 matured at 1 month, 2 held → 66.7 %, mean excess ((4−1) + (−2+3) + (1−2)) / 3 = 1', () => {
    const g = find('technical', 'technical_rating', 'bullish');
    expect(g.backtest.runs).toBe(4);
    expect(g.backtest.horizons[0]).toMatchObject({ months: 1, n: 3, hits: 2, mean_excess_percent: 1 });
    expect(g.backtest.horizons[0]!.hit_rate).toBeCloseTo(2 / 3, 10);
    expect(g.backtest.horizons[0]!.ci_low).toBeCloseTo(computeWilson(2, 3).low, 10);
    expect(g.backtest.horizons[1]).toMatchObject({ months: 3, n: 0, hits: 0, hit_rate: null, ci_low: null, mean_excess_percent: null });
    expect(g.live.runs).toBe(1);
    expect(g.live.horizons[0]).toMatchObject({ n: 1, hits: 0, hit_rate: 0 });
  });

  it('Sell: 1 of 1; Neutral: n = 1 with no hits or interval, mean excess −1', () => {
    expect(find('technical', 'technical_rating', 'bearish').backtest.horizons[0]).toMatchObject({ n: 1, hits: 1, hit_rate: 1 });
    expect(find('technical', 'technical_rating', 'neutral').backtest.horizons[0]).toMatchObject({
      n: 1,
      hits: null,
      hit_rate: null,
      ci_low: null,
      mean_excess_percent: -1,
    });
  });

  it('grades judge against SPY: A/B 1 of 2, mean excess −0.5; F-score 8 beat (+2), F-score 2 lagged (−3) → each side 1 of 1', () => {
    expect(find('fundamental', 'grade_value', 'bullish').backtest.horizons[0]).toMatchObject({ n: 2, hits: 1, hit_rate: 0.5, mean_excess_percent: -0.5 });
    expect(find('fundamental', 'piotroski_f', 'bullish').backtest.horizons[0]).toMatchObject({ n: 1, hits: 1 });
    expect(find('fundamental', 'piotroski_f', 'bearish').backtest.horizons[0]).toMatchObject({ n: 1, hits: 1 });
  });

  it('groups come technical first, then by verdict, bullish before bearish before neutral', () => {
    expect(groups.map((g) => `${g.kind}/${g.verdict}/${g.side}`)).toEqual([
      'technical/technical_rating/bullish',
      'technical/technical_rating/bearish',
      'technical/technical_rating/neutral',
      'fundamental/grade_value/bullish',
      'fundamental/piotroski_f/bullish',
      'fundamental/piotroski_f/bearish',
    ]);
  });
});

function computeWilson(hits: number, n: number) {
  return computeWilsonInterval(hits, n)!;
}
