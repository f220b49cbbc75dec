import type { Sentence } from '../analysis-types.ts';
import { measureAbove, measureBelow, describeFact, type FactReader, type NoteRule, type WriterContext } from './note-rules.ts';

/*
 * DCF note. Thresholds: fair value 15 % or more above the price is a margin of safety, 15 % or more
 * below is overvaluation; a terminal value above 75 % of enterprise value (the engine's own warning)
 * makes the answer fragile; the price implying growth 5 points above (below) the growth assumed for
 * the forecast is a demanding (undemanding) price; historical growth clamped at the 15 % cap is flagged;
 * a beta above 1.3 raises the discount rate.
 */

const measureGrowthGap = (r: FactReader) => {
  const implied = r.num('implied_growth');
  const assumed = r.num('explicit_growth');
  return implied === null || assumed === null ? null : implied - assumed;
};

export const dcfRules: NoteRule[] = [
  {
    id: 'margin_of_safety',
    side: 'strength',
    keys: ['fair_value_per_share', 'price', 'upside_percent'],
    salience: (r) => measureAbove(r.num('upside_percent'), 15, 20),
    text: (r) =>
      `The model's fair value of ${r.fmt('fair_value_per_share')} a share is ${r.fmt('upside_percent')} above the price of ${r.fmt('price')}, a margin of safety.`,
  },
  {
    id: 'overvalued',
    side: 'risk',
    keys: ['fair_value_per_share', 'price', 'upside_percent'],
    salience: (r) => measureBelow(r.num('upside_percent'), -15, 20),
    text: (r) => `The model's fair value of ${r.fmt('fair_value_per_share')} a share is ${r.fmtSize('upside_percent')} below the price of ${r.fmt('price')}.`,
  },
  {
    id: 'terminal_dominates',
    side: 'risk',
    keys: ['terminal_value_share'],
    salience: (r) => measureAbove(r.num('terminal_value_share'), 75, 10),
    text: (r) =>
      `${r.fmt('terminal_value_share')} of the value comes from the terminal value, the years after the forecast, so small changes in WACC or terminal growth swing the answer.`,
  },
  {
    id: 'price_demanding',
    side: 'risk',
    keys: ['implied_growth', 'explicit_growth'],
    salience: (r) => measureAbove(measureGrowthGap(r), 5, 10),
    text: (r) =>
      `The price implies free cash flow growth of ${r.fmt('implied_growth')} a year, well above the ${r.fmt('explicit_growth')} assumed for the forecast.`,
  },
  {
    id: 'price_undemanding',
    side: 'strength',
    keys: ['implied_growth', 'explicit_growth'],
    salience: (r) => measureBelow(measureGrowthGap(r), -5, 10),
    text: (r) =>
      (r.num('implied_growth') ?? 0) < 0
        ? `The price only makes sense if free cash flow shrinks ${r.fmtSize('implied_growth')} a year, worse than the ${r.fmt('explicit_growth')} a year assumed for the forecast.`
        : `The price implies growth of only ${r.fmt('implied_growth')} a year, below the ${r.fmt('explicit_growth')} assumed for the forecast.`,
  },
  {
    id: 'growth_history_strong',
    side: 'strength',
    keys: ['growth_history'],
    salience: (r) => measureAbove(r.num('growth_history'), 8, 10),
    text: (r) => `The business has a record to build on: ${describeFact(r, 'growth_history')}.`,
  },
  {
    id: 'growth_capped',
    side: 'risk',
    keys: ['growth_history', 'explicit_growth'],
    salience: (r) => ((r.num('growth_history') ?? 0) > (r.num('explicit_growth') ?? 0) + 0.005 ? 0.6 : null),
    text: (r) =>
      `Past growth of ${r.fmt('growth_history')} was capped at ${r.fmt('explicit_growth')} for the forecast; if the past rate continues the value is higher, but few companies sustain it.`,
  },
  {
    id: 'growth_history_negative',
    side: 'risk',
    keys: ['growth_history'],
    salience: (r) => measureBelow(r.num('growth_history'), 0, 10),
    text: (r) => `The base for the forecast is shrinking: ${describeFact(r, 'growth_history')}.`,
  },
  {
    id: 'beta_high',
    side: 'risk',
    keys: ['beta', 'wacc'],
    salience: (r) => measureAbove(r.num('beta'), 1.3, 0.5),
    text: (r) => `A beta of ${r.fmt('beta')} lifts the discount rate to ${r.fmt('wacc')}, which weighs on the value.`,
  },
];

export function writeDcfHeadline(r: FactReader, ctx: WriterContext): Sentence {
  const upside = r.num('upside_percent') ?? 0;
  const direction = upside >= 0 ? 'above' : 'below';
  const caution = ctx.caution ? `${ctx.caution} ` : '';
  if (r.has('valuation_model') && r.has('fair_value_low') && r.has('fair_value_high')) {
    const label = r.text('valuation_model') ?? '';
    // "DCF on free cash flow" keeps its acronym; "Justified price-to-book" reads mid-sentence in lower case.
    const model = /^[A-Z][a-z]/.test(label) ? label[0]!.toLowerCase() + label.slice(1) : label;
    const blended = r.has('relative_value_per_share') ? ` (${model}, weighed with its sector's multiples)` : ` (${model})`;
    return {
      text: `${caution}${ctx.name} (${ctx.symbol}) is worth about ${r.fmt('fair_value_per_share')} a share${blended}, within a range of ${r.fmt('fair_value_low')} to ${r.fmt('fair_value_high')}; that is ${r.fmtSize('upside_percent')} ${direction} the price of ${r.fmt('price')}.`,
      fact_keys: ['fair_value_per_share', 'valuation_model', 'fair_value_low', 'fair_value_high', 'upside_percent', 'price'],
    };
  }
  return {
    text: `${ctx.caution ? `${ctx.caution} ` : ''}${ctx.name} (${ctx.symbol}) is worth ${r.fmt('fair_value_per_share')} a share on a DCF at a ${r.fmt('wacc')} discount rate and ${r.fmt('terminal_growth')} terminal growth, ${r.fmtSize('upside_percent')} ${direction} the price of ${r.fmt('price')}.`,
    fact_keys: ['fair_value_per_share', 'wacc', 'terminal_growth', 'upside_percent', 'price'],
  };
}

/**
 * The verdict reads the range (below the bear case: undervalued; above the bull case: overvalued); a
 * studio run on the user's inputs has no range and reads ±15 % around its one value. A terminal-value
 * warning tempers either call.
 */
export function writeDcfVerdict(r: FactReader): Sentence {
  const upside = r.num('upside_percent') ?? 0;
  const fragile = (r.num('terminal_value_share') ?? 0) > 75;
  const caveat = fragile ? ' Treat it as a range, not a number: most of the value sits in the terminal years.' : '';
  const keys = fragile ? ['upside_percent', 'terminal_value_share'] : ['upside_percent'];
  const verdict = r.text('valuation_verdict');
  if (verdict) {
    const rangeKeys = ['valuation_verdict', 'fair_value_low', 'fair_value_high', ...keys.slice(1)];
    if (verdict === 'Undervalued')
      return { text: `The price sits below even the bear case: on this model the shares are undervalued.${caveat}`, fact_keys: rangeKeys };
    if (verdict === 'Overvalued')
      return { text: `The price sits above even the bull case: it asks for more than the business supports.${caveat}`, fact_keys: rangeKeys };
    return { text: `The price sits within the range: about fair, neither a bargain nor a stretch.${caveat}`, fact_keys: rangeKeys };
  }
  if (upside >= 15) return { text: `On these assumptions the model values the shares above their price.${caveat}`, fact_keys: keys };
  if (upside <= -15) return { text: `On these assumptions the price asks for more than the cash flows support.${caveat}`, fact_keys: keys };
  return { text: `On these assumptions the price is about fair: neither a bargain nor a stretch.${caveat}`, fact_keys: keys };
}
