import { ATR, BollingerBands, EMA, MACD, RSI } from 'technicalindicators';
import { beforeAll, describe, expect, it } from 'vitest';
import { openBundledAnalysisData } from '../../../server/adapters/market-data/bundled/analysis-inputs.ts';
import type { AnalysisBody, AnalysisInputs, Fact } from '../analysis-types.ts';
import { toOhlcvSeries } from '../indicators/series.ts';
import { computeTechnicalRating } from '../technical-rating.ts';
import { findUnbackedNumbers } from '../writer/index.ts';
import { analysisBuilders } from './index.ts';
import type { TechnicalSections } from './technical.ts';

/*
 * AAPL on the bundled snapshot: every technical fact is recomputed here independently of the builder
 * (plain sums for the averages and bands, the technicalindicators package for RSI, EMA and MACD) and the
 * builder's stored value must be that figure rounded to cents.
 */

let inputs: AnalysisInputs;
let body: AnalysisBody<TechnicalSections>;
let closes: number[];
const fact = (key: string): Fact => {
  const f = body.facts.find((x) => x.key === key);
  if (!f) throw new Error(`no fact ${key}`);
  return f;
};
const cents = (v: number) => Math.round(v * 100) / 100;

beforeAll(async () => {
  inputs = await openBundledAnalysisData().load('AAPL');
  const r = analysisBuilders.technical(inputs, null);
  if (!r.ok) throw new Error(r.error.message);
  body = r.value as AnalysisBody<TechnicalSections>;
  closes = inputs.daily!.bars.map((b) => b.close);
});

describe('AAPL technical analysis on the bundled data', () => {
  it('is as of the last bar and quotes its close', () => {
    const lastBar = inputs.daily!.bars.at(-1)!;
    expect(body.as_of).toBe(lastBar.date);
    expect(fact('close').value).toBe(lastBar.close);
    expect(fact('rsi_14').as_of).toBe(lastBar.date);
  });

  it('SMA 50 and 200 are the means of the last 50 and 200 closes', () => {
    const mean = (xs: number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;
    expect(fact('sma_50').value).toBe(cents(mean(closes.slice(-50))));
    expect(fact('sma_200').value).toBe(cents(mean(closes.slice(-200))));
  });

  it('Bollinger (20, 2) is the 20-day mean ± 2 population standard deviations', () => {
    const w = closes.slice(-20);
    const m = w.reduce((s, x) => s + x, 0) / 20;
    const sd = Math.sqrt(w.reduce((s, x) => s + (x - m) ** 2, 0) / 20);
    expect(fact('bb_upper').value).toBe(cents(m + 2 * sd));
    expect(fact('bb_lower').value).toBe(cents(m - 2 * sd));
    const ref = BollingerBands.calculate({ period: 20, stdDev: 2, values: closes }).at(-1)!;
    expect(fact('bb_upper').value).toBe(cents(ref.upper));
  });

  it('ATR (14) is served: true range max(high, previous close) − min(low, previous close), seeded with the mean of the first 14, then ATR = (13·ATR[1] + TR)/14', () => {
    const bars = inputs.daily!.bars;
    const tr = bars.map((b, i) => (i === 0 ? b.high - b.low : Math.max(b.high, bars[i - 1]!.close) - Math.min(b.low, bars[i - 1]!.close)));
    let atr = tr.slice(0, 14).reduce((a, x) => a + x, 0) / 14;
    for (let i = 14; i < tr.length; i++) atr = (13 * atr + tr[i]!) / 14;
    expect(fact('atr_14').value).toBe(cents(atr));
    expect(fact('atr_14').as_of).toBe(bars.at(-1)!.date);
    // technicalindicators seeds a bar later; after 1,254 bars the seeds' difference has decayed by (13/14)^1240.
    const ref = ATR.calculate({ period: 14, high: bars.map((b) => b.high), low: bars.map((b) => b.low), close: bars.map((b) => b.close) }).at(-1)!;
    expect(fact('atr_14').value).toBeCloseTo(ref, 2);
  });

  it('RSI 14, EMA 20 and MACD (12, 26, 9) match technicalindicators', () => {
    expect(fact('rsi_14').value).toBeCloseTo(RSI.calculate({ period: 14, values: closes }).at(-1)!, 1);
    expect(fact('ema_20').value).toBeCloseTo(EMA.calculate({ period: 20, values: closes }).at(-1)!, 1);
    const m = MACD.calculate({ values: closes, fastPeriod: 12, slowPeriod: 26, signalPeriod: 9, SimpleMAOscillator: false, SimpleMASignal: false }).at(-1)!;
    expect(fact('macd').value).toBeCloseTo(m.MACD!, 1);
    expect(fact('macd_signal').value).toBeCloseTo(m.signal!, 1);
  });

  it('the rating and its vote counts are the rating engine’s, every vote kept for the table', () => {
    const s = toOhlcvSeries(inputs.daily!.bars);
    if (!s.ok) throw new Error('bad bars');
    const rating = computeTechnicalRating(s.value);
    if (!rating.ok) throw new Error('no rating');
    const words = { strong_buy: 'Strong Buy', buy: 'Buy', neutral: 'Neutral', sell: 'Sell', strong_sell: 'Strong Sell' };
    expect(fact('technical_rating').value).toBe(words[rating.value.overall.label]);
    expect(fact('ma_buy_votes').value).toBe(rating.value.movingAverages.buy);
    expect(body.sections.rating?.movingAverages.votes.length).toBe(15);
    expect(body.sections.rating?.oscillators.votes.length).toBe(11);
  });

  it('the chart holds one trading year with SMA 200 defined on every bar', () => {
    expect(body.sections.chart.dates).toHaveLength(252);
    expect(body.sections.chart.close.at(-1)).toBe(closes.at(-1));
    expect(body.sections.chart.sma_200.every((v) => v !== null)).toBe(true);
    expect(JSON.stringify(body.sections).length).toBeLessThan(60_000);
  });

  it('support lies at or below the close and resistance above it', () => {
    const close = fact('close').value as number;
    for (const l of body.sections.levels!.support) expect(l.price).toBeLessThanOrEqual(close);
    for (const l of body.sections.levels!.resistance) expect(l.price).toBeGreaterThan(close);
  });

  it('the note cites only existing facts and every number in it is a fact', () => {
    const keys = new Set(body.facts.map((f) => f.key));
    const sentences = [body.note.headline, ...body.note.strengths, ...body.note.risks, body.note.verdict];
    for (const s of sentences) for (const k of s.fact_keys) expect(keys.has(k)).toBe(true);
    expect(body.note.strengths.length).toBeLessThanOrEqual(3);
    expect(body.note.risks.length).toBeLessThanOrEqual(3);
    expect(findUnbackedNumbers(body.note, body.facts, [inputs.profile.name])).toEqual([]);
    expect(body.note.headline.text).toContain(fact('technical_rating').value as string);
  });
});
