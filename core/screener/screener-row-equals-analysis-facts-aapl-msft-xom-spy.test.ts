import { beforeAll, describe, expect, it } from 'vitest';
import { openBundledAnalysisData } from '../../server/adapters/market-data/bundled/analysis-inputs.ts';
import { type AnalysisInputs, fundamentalSubtypes } from '../analysis/analysis-types.ts';
import { analysisBuilders } from '../analysis/runs/index.ts';
import { findField } from './fields.ts';
import { computeScreenerRow } from './row-values.ts';
import type { ScreenerRow } from './screener-types.ts';

/*
 * A screener figure is the analysis page's figure: for real symbols on the bundled snapshot, every fact
 * the overview, fundamental (all seven tabs), technical and ETF analyses state under a screener field id
 * must equal the row's value exactly (same engine, same rounding).
 */

const data = openBundledAnalysisData();
const loaded = new Map<string, { inputs: AnalysisInputs; row: ScreenerRow }>();

beforeAll(async () => {
  for (const symbol of ['AAPL', 'MSFT', 'XOM', 'JPM', 'SPY']) {
    const inputs = await data.load(symbol);
    loaded.set(symbol, { inputs, row: computeScreenerRow(inputs) });
  }
});

/** Every (kind, tab) fact whose key is a screener field, as [key, value]. */
function collectAnalysisFacts(inputs: AnalysisInputs): Map<string, number | string> {
  const out = new Map<string, number | string>();
  const runs: Array<[keyof typeof analysisBuilders, string | null]> =
    inputs.profile.type === 'etf'
      ? [
          ['technical', null],
          ['etf', null],
        ]
      : [['overview', null], ['technical', null], ...fundamentalSubtypes.map((s): ['fundamental', string] => ['fundamental', s])];
  for (const [kind, subtype] of runs) {
    const r = analysisBuilders[kind](inputs, subtype as never);
    if (!r.ok) throw new Error(`${kind} ${subtype}: ${r.error.message}`);
    for (const f of r.value.facts) {
      // The ETF analysis states the fund's yield from its issuer; the screener's TTM yield is the dividends paid.
      if (findField(f.key) && !(kind === 'etf' && f.key === 'dividend_yield')) out.set(f.key, f.value);
    }
  }
  return out;
}

describe('screener rows equal the analyses’ facts on the bundled snapshot', () => {
  for (const symbol of ['AAPL', 'MSFT', 'XOM', 'JPM', 'SPY']) {
    it(`${symbol}: every shared fact has the same value`, () => {
      const { inputs, row } = loaded.get(symbol)!;
      const facts = collectAnalysisFacts(inputs);
      // Enough overlap that the comparison means something: ratios, scores, returns, technicals. A bank's analyses
      // leave out what its yardstick does not use (debt/equity, EV multiples, current ratio: docs/scores.md).
      expect(facts.size).toBeGreaterThanOrEqual(symbol === 'SPY' ? 6 : symbol === 'JPM' ? 35 : 40);
      for (const [key, value] of facts) expect({ key, value: row.values[key as keyof ScreenerRow['values']] }).toEqual({ key, value });
    });
  }

  it('AAPL net margin: net income 112,010 M / revenue 416,161 M = 0.269151 → 26.92 %', () => {
    const { row } = loaded.get('AAPL')!;
    expect(row.values.revenue).toBe(416_161_000_000);
    expect(row.values.net_income).toBe(112_010_000_000);
    expect(row.values.net_margin).toBe(Math.round((112_010 / 416_161) * 10_000) / 100);
    expect(row.values.net_margin).toBe(26.92);
  });

  it('AAPL PEG = P/E over 5-year EPS CAGR in percent, from the rounded facts: 37.36 / 17.86 = 2.09', () => {
    const { row } = loaded.get('AAPL')!;
    const pe = row.values.pe_ttm as number;
    const growth = row.values.eps_cagr_5y as number;
    expect(row.values.peg_ratio).toBe(Math.round((pe / growth) * 100) / 100);
  });

  it('MSFT price vs SMA 50 = close / (mean of the last 50 closes) − 1, in percent', () => {
    const { inputs, row } = loaded.get('MSFT')!;
    const closes = inputs.daily!.bars.map((b) => b.close);
    const last50 = closes.slice(-50);
    const sma50 = last50.reduce((s, c) => s + c, 0) / 50;
    expect(row.values.price_vs_sma_50).toBe(Math.round((closes.at(-1)! / sma50 - 1) * 10_000) / 100);
  });

  it('XOM distance from the 52-week high and low: the last close against the extremes of the last 253 bars', () => {
    const { inputs, row } = loaded.get('XOM')!;
    const year = inputs.daily!.bars.slice(-253);
    const close = year.at(-1)!.close;
    const high = Math.max(...year.map((b) => b.high));
    const low = Math.min(...year.map((b) => b.low));
    expect(row.values.from_52w_high).toBe(Math.round((close / high - 1) * 10_000) / 100);
    expect(row.values.from_52w_low).toBe(Math.round((close / low - 1) * 10_000) / 100);
    expect(row.values.from_52w_high as number).toBeLessThanOrEqual(0);
  });

  it('JPM is a bank: no current ratio and no net cash (its deposits are not ordinary debt), as on its analysis page', () => {
    const { row } = loaded.get('JPM')!;
    expect(row.values.current_ratio).toBeUndefined();
    expect(row.values.net_cash).toBeUndefined();
    expect(row.values.net_margin).toEqual(expect.any(Number));
  });

  it('SPY sparkline: the last close of each week over the last year, ending on the last bar', () => {
    const { inputs, row } = loaded.get('SPY')!;
    expect(row.sparkline.length).toBeGreaterThanOrEqual(50);
    expect(row.sparkline.length).toBeLessThanOrEqual(54);
    expect(row.sparkline.at(-1)).toBe(inputs.daily!.bars.at(-1)!.close);
    expect(row.values.type).toBe('ETF');
    expect(row.values.expense_ratio).toBe(0.09);
  });
});
