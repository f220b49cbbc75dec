import type { ScorecardResponse } from '../../../../server/features/scorecards/scorecards.routes.ts';

export const NOT_AVAILABLE = '—';

export const SCORE_TITLES: Record<ScorecardResponse['kind'], string> = {
  piotroski: 'Piotroski F-score',
  altman: 'Altman Z-score',
  beneish: 'Beneish M-score',
};

export const SCORE_BLURBS: Record<ScorecardResponse['kind'], string> = {
  piotroski: 'Nine pass/fail tests of profitability, funding and efficiency, one point each (Piotroski 2000).',
  altman: 'Bankruptcy risk from five balance-sheet ratios; Z″ for non-manufacturers (Altman 1968, 1995).',
  beneish: 'Earnings-manipulation risk from eight year-on-year indices (Beneish 1999).',
};

export function formatScore(card: Pick<ScorecardResponse, 'kind' | 'score' | 'model'>): string {
  if (card.score === null) return NOT_AVAILABLE;
  if (card.kind === 'piotroski') return `${card.score} / 9`;
  return card.score.toFixed(2);
}

export const modelLabel = (card: Pick<ScorecardResponse, 'kind' | 'model'>) =>
  card.kind === 'altman' ? (card.model === 'z' ? 'Z (manufacturer)' : 'Z″ (non-manufacturer)') : null;

const PERCENT_MEASURES = new Set(['roa_positive', 'cfo_positive', 'roa_improved', 'cfo_exceeds_net_income', 'leverage_fell', 'gross_margin_rose']);

export function formatMeasure(kind: ScorecardResponse['kind'], id: string, v: number | null): string {
  if (v === null) return NOT_AVAILABLE;
  if (kind === 'piotroski' && id === 'no_new_shares') return v.toLocaleString('en-US', { notation: 'compact', maximumFractionDigits: 2 });
  if (kind === 'piotroski' && PERCENT_MEASURES.has(id)) return `${(v * 100).toFixed(1)}%`;
  return v.toFixed(3);
}

export function formatInputValue(key: string, v: number | null): string {
  if (v === null) return NOT_AVAILABLE;
  if (key === 'shares_diluted') return v.toLocaleString('en-US', { notation: 'compact', maximumFractionDigits: 2 });
  const a = Math.abs(v);
  const sign = v < 0 ? '−' : '';
  if (a >= 1e12) return `${sign}$${(a / 1e12).toFixed(2)}T`;
  if (a >= 1e9) return `${sign}$${(a / 1e9).toFixed(2)}B`;
  if (a >= 1e6) return `${sign}$${(a / 1e6).toFixed(1)}M`;
  return `${sign}$${a.toLocaleString('en-US')}`;
}

/** Where a score's verdict lines sit on its chart: the thresholds the verdict uses. */
export function verdictLines(card: Pick<ScorecardResponse, 'kind' | 'model'>): number[] {
  if (card.kind === 'piotroski') return [3, 7];
  if (card.kind === 'beneish') return [-1.78];
  return card.model === 'z' ? [1.81, 2.99] : [1.1, 2.6];
}
