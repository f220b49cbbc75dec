import type { Sentence } from '../analysis-types.ts';
import { measureAbove, measureBelow, type FactReader, type NoteRule, type WriterContext } from './note-rules.ts';

/*
 * ETF note. Thresholds (percent unless said): expense ratio cheap ≤ 0.10, dear ≥ 0.50; top ten
 * holdings diversified ≤ 25, concentrated ≥ 50; 200 or more holdings is broad; a single holding above
 * 10; one sector above 40; dividend yield ≥ 3; assets under management ≥ $10 billion large, below
 * $100 million small; overlap with the compared fund ≥ 50 duplicative, ≤ 20 diversifying.
 */

export const etfRules: NoteRule[] = [
  {
    id: 'cheap',
    side: 'strength',
    keys: ['expense_ratio', 'expense_cost_10y'],
    salience: (r) => measureBelow(r.num('expense_ratio'), 0.1 + 1e-9, 0.05),
    text: (r) => `It is cheap to own: ${r.fmt('expense_ratio')} a year, about ${r.fmt('expense_cost_10y')} in fees over ten years on $10,000.`,
  },
  {
    id: 'dear',
    side: 'risk',
    keys: ['expense_ratio', 'expense_cost_10y'],
    salience: (r) => measureAbove(r.num('expense_ratio'), 0.5 - 1e-9, 0.25),
    text: (r) => `Fees are high at ${r.fmt('expense_ratio')} a year: about ${r.fmt('expense_cost_10y')} over ten years on $10,000.`,
  },
  {
    id: 'diversified',
    side: 'strength',
    keys: ['top10_weight'],
    salience: (r) => measureBelow(r.num('top10_weight'), 25, 10),
    text: (r) => `Its ten largest holdings make up only ${r.fmt('top10_weight')} of the fund, so no single company dominates.`,
  },
  {
    id: 'concentrated',
    side: 'risk',
    keys: ['top10_weight'],
    salience: (r) => measureAbove(r.num('top10_weight'), 50, 20),
    text: (r) => `Concentrated: the ten largest holdings are ${r.fmt('top10_weight')} of the fund, so a few companies drive its returns.`,
  },
  {
    id: 'broad',
    side: 'strength',
    keys: ['holdings_count'],
    salience: (r) => measureAbove(r.num('holdings_count'), 199, 300),
    text: (r) => `It spreads money across ${r.fmt('holdings_count')} holdings.`,
  },
  {
    id: 'single_name',
    side: 'risk',
    keys: ['largest_holding', 'largest_holding_weight'],
    salience: (r) => measureAbove(r.num('largest_holding_weight'), 10, 10),
    text: (r) => `Its largest position, ${r.text('largest_holding')}, is ${r.fmt('largest_holding_weight')} of the fund: that one stock matters.`,
  },
  {
    id: 'sector_heavy',
    side: 'risk',
    keys: ['top_sector', 'top_sector_weight'],
    salience: (r) => measureAbove(r.num('top_sector_weight'), 40, 20),
    text: (r) => `${r.fmt('top_sector_weight')} sits in one sector, ${r.text('top_sector')}, so it rises and falls with that industry.`,
  },
  {
    id: 'income',
    side: 'strength',
    keys: ['dividend_yield_ttm'],
    salience: (r) => measureAbove(r.num('dividend_yield_ttm'), 3, 3),
    text: (r) => `Its dividends over the past twelve months come to a yield of ${r.fmt('dividend_yield_ttm')}.`,
  },
  {
    id: 'income_reported',
    side: 'strength',
    keys: ['distribution_yield'],
    salience: (r) => measureAbove(r.num('distribution_yield'), 3, 3),
    text: (r) => `Its issuer reports a distribution yield of ${r.fmt('distribution_yield')}.`,
  },
  {
    id: 'large_fund',
    side: 'strength',
    keys: ['aum'],
    salience: (r) => measureAbove(r.num('aum'), 1e10, 1e11),
    text: (r) => `With ${r.fmt('aum')} under management it is large and easy to trade.`,
  },
  {
    id: 'small_fund',
    side: 'risk',
    keys: ['aum'],
    salience: (r) => measureBelow(r.num('aum'), 1e8, 1e8),
    text: (r) => `Only ${r.fmt('aum')} under management: small funds are more often closed or merged.`,
  },
  {
    id: 'duplicates',
    side: 'risk',
    keys: ['overlap', 'compare_etf'],
    salience: (r) => measureAbove(r.num('overlap'), 50, 25),
    text: (r) => `It overlaps ${r.fmt('overlap')} with ${r.text('compare_etf')}: owning both adds little diversification.`,
  },
  {
    id: 'complements',
    side: 'strength',
    keys: ['overlap', 'compare_etf'],
    salience: (r) => measureBelow(r.num('overlap'), 20, 10),
    text: (r) => `It overlaps only ${r.fmt('overlap')} with ${r.text('compare_etf')}, so the two funds complement each other.`,
  },
];

export function writeEtfHeadline(r: FactReader, ctx: WriterContext): Sentence {
  const parts: string[] = [];
  const keys: string[] = [];
  if (r.has('holdings_count')) {
    parts.push(`${r.fmt('holdings_count')} holdings`);
    keys.push('holdings_count');
  }
  if (r.has('expense_ratio')) {
    parts.push(`a ${r.fmt('expense_ratio')} expense ratio`);
    keys.push('expense_ratio');
  }
  if (r.has('top10_weight')) {
    parts.push(`${r.fmt('top10_weight')} in its top ten`);
    keys.push('top10_weight');
  }
  const body = parts.length ? parts.join(', ') : 'no holdings or cost data';
  return { text: `${ctx.name} (${ctx.symbol}): ${body}.`, fact_keys: keys };
}

/**
 * Cost and concentration decide the description: a cheap, diversified fund has the profile of a core index holding,
 * anything else rides on a theme or costs more. Descriptions, not instructions: the note never tells a reader what to own.
 */
export function writeEtfVerdict(r: FactReader): Sentence {
  const cheap = (r.num('expense_ratio') ?? 1) <= 0.2;
  const concentrated = (r.num('top10_weight') ?? 0) >= 50 || (r.num('top_sector_weight') ?? 0) >= 40;
  const keys = ['expense_ratio', 'top10_weight'].filter((k) => r.has(k));
  if (!r.has('top10_weight') && !r.has('top_sector_weight'))
    return {
      text: cheap
        ? 'Low cost, but its holdings are not in our data, so what it owns cannot be judged here.'
        : 'Its holdings are not in our data and its fees are not low; funds tracking similar stocks may cost less.',
      fact_keys: keys,
    };
  if (cheap && !concentrated) return { text: 'Low cost and broad: the profile of a core index holding.', fact_keys: keys };
  if (cheap) return { text: 'Low cost but concentrated: its return rides on its theme more than on the broad market.', fact_keys: keys };
  if (!concentrated)
    return { text: 'Broad, but its fees take a share of the return every year; funds tracking similar stocks may cost less.', fact_keys: keys };
  return { text: 'Concentrated and not cheap: its return rides on a narrow set of holdings, and its fees take a share every year.', fact_keys: keys };
}
