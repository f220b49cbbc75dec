import { beforeAll, describe, expect, it } from 'vitest';
import { openBundledAnalysisData } from '../../../server/adapters/market-data/bundled/analysis-inputs.ts';
import { type AnalysisBody, type AnalysisInputs, type Fact, fundamentalSubtypes } from '../analysis-types.ts';
import { findUnbackedNumbers } from '../writer/index.ts';
import { analysisBuilders } from './index.ts';

/*
 * Two very different companies on the bundled snapshot: Microsoft (software, high margins) and
 * ExxonMobil (oil, cyclical). Every tab must carry the core facts, every number in every note
 * must be a fact, and the two notes must not be one template with different blanks.
 */

const CORE = ['piotroski_f', 'altman_z', 'current_ratio', 'debt_to_equity', 'net_margin', 'roe', 'revenue_cagr_5y', 'pe_ttm'];
const bodies: Record<string, Record<string, AnalysisBody>> = { MSFT: {}, XOM: {} };
const inputs: Record<string, AnalysisInputs> = {};

beforeAll(async () => {
  const data = openBundledAnalysisData();
  for (const symbol of ['MSFT', 'XOM']) {
    inputs[symbol] = await data.load(symbol);
    for (const tab of fundamentalSubtypes) {
      const r = analysisBuilders.fundamental(inputs[symbol]!, tab);
      if (!r.ok) throw new Error(`${symbol} ${tab}: ${r.error.message}`);
      bodies[symbol]![tab] = r.value;
    }
  }
});

const factOf = (body: AnalysisBody, key: string): Fact | undefined => body.facts.find((f) => f.key === key);
const sentencesOf = (b: AnalysisBody) => [b.note.headline, ...b.note.strengths, ...b.note.risks, b.note.verdict];

describe('fundamental analysis of MSFT and XOM', () => {
  it.each(['MSFT', 'XOM'])('%s: every tab carries the core facts as finite numbers', (symbol) => {
    for (const tab of fundamentalSubtypes) {
      for (const key of CORE) {
        const f = factOf(bodies[symbol]![tab]!, key);
        expect(f, `${symbol} ${tab} ${key}`).toBeDefined();
        expect(Number.isFinite(f!.value)).toBe(true);
      }
    }
  });

  it.each(['MSFT', 'XOM'])('%s: net margin is net income / revenue of the latest fiscal year, in percent', (symbol) => {
    // net_margin = 100 × net income / revenue of the last annual period whose revenue was filed by the
    // data day (MSFT's FY2026 ends 2026-06-30 but is not filed by 2026-07-02, so FY2025 it is).
    const { annual } = inputs[symbol]!.fundamentals!;
    const asOf = inputs[symbol]!.asOf;
    const revenue = annual.income.find((l) => l.key === 'revenue')!.values;
    const i = revenue.findLastIndex((v) => v.value !== null && v.as_of !== null && v.as_of <= asOf);
    const netIncome = annual.income.find((l) => l.key === 'net_income')!.values[i]!.value!;
    const expected = Math.round((netIncome / revenue[i]!.value!) * 10000) / 100;
    const f = factOf(bodies[symbol]!.profitability!, 'net_margin')!;
    expect(f.value).toBe(expected);
    expect(f.unit).toBe('percent');
    expect(f.period).toBe(`FY${annual.periods[i]!.fiscal_year}`);
  });

  it('the two notes read differently on every tab', () => {
    for (const tab of fundamentalSubtypes) {
      const msft = sentencesOf(bodies.MSFT![tab]!).filter((s) => s.fact_keys.length > 0);
      const xom = sentencesOf(bodies.XOM![tab]!).filter((s) => s.fact_keys.length > 0);
      // Of the sentences backed by facts at most one may repeat word for word (both MSFT and XOM grade D
      // on momentum, and say so alike), and the strengths must come from different rules.
      const msftTexts = new Set(msft.map((s) => s.text));
      expect(xom.filter((s) => msftTexts.has(s.text)).length, tab).toBeLessThanOrEqual(1);
      const keysOf = (b: AnalysisBody) => b.note.strengths.map((s) => s.fact_keys.join('+')).join('|');
      expect(keysOf(bodies.MSFT![tab]!)).not.toBe(keysOf(bodies.XOM![tab]!));
    }
  });

  it('every number in every note is a fact, and every cited key exists', () => {
    for (const symbol of ['MSFT', 'XOM']) {
      for (const tab of fundamentalSubtypes) {
        const b = bodies[symbol]![tab]!;
        expect(findUnbackedNumbers(b.note, b.facts, [inputs[symbol]!.profile.name]), `${symbol} ${tab}`).toEqual([]);
        const keys = new Set(b.facts.map((f) => f.key));
        for (const s of sentencesOf(b)) for (const k of s.fact_keys) expect(keys.has(k), `${symbol} ${tab} cites ${k}`).toBe(true);
        expect(b.note.strengths.length).toBeGreaterThan(0);
        expect(b.note.risks.length).toBeLessThanOrEqual(3);
      }
    }
  });

  it('the profitability tab leads with a profitability figure', () => {
    const lead = bodies.MSFT!.profitability!.note.strengths[0]!;
    expect(['gross_margin', 'operating_margin', 'net_margin', 'fcf_margin', 'roe', 'roic', 'grade_profitability']).toContain(lead.fact_keys[0]);
  });
});
