import { describe, expect, it } from 'vitest';
import { buildAnalysisPath, describeAnalysisKind } from './analysis-path.ts';

const id = '0b9e6c1e-4c55-4bd2-9a55-4f3a0f1c2d3e';

describe('a saved analysis re-opens on the page of its kind', () => {
  it('technical and DCF on their own routes, the id in the query', () => {
    expect(buildAnalysisPath({ id, symbol: 'AAPL', kind: 'technical', subtype: null })).toBe(`/technical/AAPL?analysis=${id}`);
    expect(buildAnalysisPath({ id, symbol: 'AAPL', kind: 'dcf', subtype: null })).toBe(`/dcf/AAPL?analysis=${id}`);
  });
  it('a fundamental one on its subtype tab; a dotted symbol stays one path segment', () => {
    expect(buildAnalysisPath({ id, symbol: 'BRK.B', kind: 'fundamental', subtype: 'financial-health' })).toBe(
      `/fundamental-analysis/BRK.B/financial-health?analysis=${id}`,
    );
    expect(buildAnalysisPath({ id, symbol: 'BRK/B', kind: 'balance-sheet', subtype: null })).toBe(`/balance-sheet/BRK%2FB?analysis=${id}`);
  });
  it('names read as on the cards', () => {
    expect(describeAnalysisKind('fundamental', 'cash-flow')).toBe('Fundamental: cash flow');
    expect(describeAnalysisKind('etf', null)).toBe('ETF');
  });
});
