import { beforeAll, describe, expect, it } from 'vitest';
import { openBundledAnalysisData } from '../../../server/adapters/market-data/bundled/analysis-inputs.ts';
import type { AnalysisBody, AnalysisInputs } from '../analysis-types.ts';
import { findUnbackedNumbers } from '../writer/index.ts';
import { analysisBuilders } from './index.ts';
import type { TechnicalSections } from './technical.ts';

/*
 * A listing only 40 trading days old (AAPL's first 40 bars of the snapshot): SMA 50 and 200 cannot be
 * computed and the rating needs 50 bars, so those facts are absent with their reasons, never 0 or NaN;
 * RSI (needs 15 bars) and EMA 20 (20 bars) are there.
 */

let inputs: AnalysisInputs;
let body: AnalysisBody<TechnicalSections>;

beforeAll(async () => {
  const full = await openBundledAnalysisData().load('AAPL');
  const bars = full.daily!.bars.slice(0, 40);
  inputs = { ...full, asOf: bars.at(-1)!.date, daily: { ...full.daily!, bars } };
  const r = analysisBuilders.technical(inputs, null);
  if (!r.ok) throw new Error(r.error.message);
  body = r.value as AnalysisBody<TechnicalSections>;
});

describe('technical analysis of a 40-day-old listing', () => {
  it('leaves out what needs more bars, with the reason', () => {
    const keys = new Set(body.facts.map((f) => f.key));
    for (const k of ['sma_50', 'sma_200', 'technical_rating', 'volatility_1y', 'return_1y']) expect(keys.has(k), k).toBe(false);
    const missing = Object.fromEntries(body.sections.missing.map((m) => [m.key, m.reason]));
    expect(missing.sma_50).toBe('needs 50 bars, has 40');
    expect(missing.sma_200).toBe('needs 200 bars, has 40');
    expect(missing.technical_rating).toContain('needs 50 bars');
    expect(body.sections.rating).toBeNull();
  });

  it('keeps what 40 bars can give: RSI 14 and EMA 20', () => {
    const keys = new Set(body.facts.map((f) => f.key));
    expect(keys.has('rsi_14')).toBe(true);
    expect(keys.has('ema_20')).toBe(true);
    for (const f of body.facts) if (typeof f.value === 'number') expect(Number.isFinite(f.value)).toBe(true);
  });

  it('the chart has 40 bars with the unavailable overlays null, and the note says there is no rating yet', () => {
    expect(body.sections.chart.dates).toHaveLength(40);
    expect(body.sections.chart.sma_200.every((v) => v === null)).toBe(true);
    expect(body.note.headline.text).toContain('no technical rating yet');
    expect(findUnbackedNumbers(body.note, body.facts, [inputs.profile.name])).toEqual([]);
  });
});
