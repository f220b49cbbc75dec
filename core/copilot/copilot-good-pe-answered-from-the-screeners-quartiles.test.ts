import { beforeAll, describe, expect, it } from 'vitest';
import { openBundledAnalysisData } from '../../server/adapters/market-data/bundled/analysis-inputs.ts';
import { computeQuantile } from '../screener/distribution.ts';
import { computeScreenerRow } from '../screener/row-values.ts';
import { buildScreenerTable, type ScreenerTable } from '../screener/table.ts';
import { createOfflineAsker, findUnbackedInDraft } from '../test-kit/copilot-test-kit.ts';
import type { SymbolDirectoryEntry } from './copilot-types.ts';
import { planOfflineAnswer } from './plan-offline-answer.ts';

const data = openBundledAnalysisData();
// A small screener table (the server's holds the whole universe): five technology names and four others.
const UNIVERSE = ['AAPL', 'MSFT', 'NVDA', 'ORCL', 'ADBE', 'KO', 'PEP', 'XOM', 'JPM'];
let table: ScreenerTable;
const asker = createOfflineAsker(data, { loadScreenerTable: async () => table });
const { load } = asker;
let directory: SymbolDirectoryEntry[];
beforeAll(async () => {
  directory = await asker.listDirectory();
  const inputs = await Promise.all(UNIVERSE.map(load));
  table = buildScreenerTable(inputs.map(computeScreenerRow), { dataAsOf: inputs[0]!.asOf });
});

const ask = (question: string) => asker.ask(question);

const peOf = (symbols: readonly string[]) =>
  symbols
    .map((_s) => table.columns.get('pe_ttm')!)
    .map((col, i) => (col.kind === 'range' ? col.values[table.symbols.indexOf(symbols[i]!)]! : Number.NaN))
    .filter(Number.isFinite)
    .sort((a, b) => a - b);

describe("'what is a good P/E' answers the market's and the sector's spread from the screener, not the definition", () => {
  it('no symbol: over the 9 stocks the median P/E is 23.24× (quartiles 20.46× to 26.46×), each sector’s median, and no verdict', async () => {
    const a = await ask('What is a good P/E?');
    expect(a.intent).toBe('good_level');
    expect(findUnbackedInDraft(a)).toEqual([]);
    const all = peOf(UNIVERSE);
    const median = a.facts.find((f) => f.key === 'spread_p50' && f.period.startsWith('all stocks'))!;
    // The arithmetic: the median of the sorted P/Es, linear between the two middle ranks (the filter panel's rule), to 4 significant digits.
    expect(median.value).toBeCloseTo(Number(computeQuantile(all, 0.5).toPrecision(4)), 6);
    expect(a.text).toContain(`across ${all.length} [1] stocks`);
    expect(median.value).toBe(23.24);
    expect(a.text).toContain('By sector (median, lowest first): Financials 16.01× [5], Energy 20.46× [6], Information Technology 24.06× [7]');
    expect(a.text).toContain('No level is good by itself');
  });

  it("'What is a normal P/E for AAPL?': the market, then AAPL's sector with AAPL's own P/E", async () => {
    const a = await ask('What is a normal P/E for AAPL?');
    expect(a.intent).toBe('good_level');
    expect(findUnbackedInDraft(a)).toEqual([]);
    expect(a.text).toMatch(/In Information Technology, AAPL's sector, the median is/);
    expect(a.facts.some((f) => f.key === 'pe_ttm' && f.symbol === 'AAPL')).toBe(true);
  });

  it("'what is the P/E ratio' stays the glossary's definition", () => {
    expect(planOfflineAnswer('what is the P/E ratio', directory)).toMatchObject({ kind: 'direct', intent: 'definition' });
  });
});
