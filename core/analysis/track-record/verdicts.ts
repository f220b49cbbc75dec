import type { Fact } from '../analysis-types.ts';

/*
 * What counts as a verdict, and what each verdict claims about the future. These rules are the track
 * record's method: docs/track-record.md and the public /track-record page quote them from here.
 */

/** The verdicts the engines give, keyed as the track record stores them. */
export const verdictTypes = [
  'technical_rating',
  'grade_value',
  'grade_growth',
  'grade_profitability',
  'grade_health',
  'grade_momentum',
  'piotroski_f',
  'altman_zone',
  'dcf_upside',
] as const;
export type VerdictType = (typeof verdictTypes)[number];

/** The analysis fact each verdict is read from. */
const VERDICT_FACT_KEYS: Record<VerdictType, string> = {
  technical_rating: 'technical_rating',
  grade_value: 'grade_value',
  grade_growth: 'grade_growth',
  grade_profitability: 'grade_profitability',
  grade_health: 'grade_health',
  grade_momentum: 'grade_momentum',
  piotroski_f: 'piotroski_f',
  altman_zone: 'altman_zone',
  dcf_upside: 'upside_percent',
};

export const VERDICT_LABELS: Record<VerdictType, string> = {
  technical_rating: 'Technical rating',
  grade_value: 'Value grade',
  grade_growth: 'Growth grade',
  grade_profitability: 'Profitability grade',
  grade_health: 'Financial health grade',
  grade_momentum: 'Momentum grade',
  piotroski_f: 'Piotroski F-score',
  altman_zone: 'Altman zone',
  dcf_upside: 'DCF upside to fair value',
};

/** A verdict's value as the analysis stated it: a label ("Buy", "A", "Distress") or a number (F-score, upside %). */
type VerdictValue = string | number;
export type Verdicts = Partial<Record<VerdictType, VerdictValue>>;

/**
 * What a call expects: `up` / `down` — the stock's own price change over the horizon is above / below
 * zero; `beat` / `lag` — its change minus SPY's over the same days is above / below zero.
 */
type Expectation = 'up' | 'down' | 'beat' | 'lag';
export type CallSide = 'bullish' | 'bearish' | 'neutral';

export interface Call {
  side: CallSide;
  /** Null for a neutral call: it claims no direction, so it has no hit rate (it is still counted and shown). */
  expects: Expectation | null;
}

/** |DCF upside| above this many percent is a call; within it the model says "about fair". */
const DCF_CALL_THRESHOLD_PERCENT = 15;
/** Piotroski's own split: 7–9 strong, 0–3 weak. */
const PIOTROSKI_STRONG_MIN = 7;
const PIOTROSKI_WEAK_MAX = 3;

/** What each side of each verdict type expects (Altman's safe zone makes no call: it has no bullish side in practice). */
const EXPECTATIONS: Record<VerdictType, { bullish: Expectation; bearish: Expectation }> = {
  technical_rating: { bullish: 'up', bearish: 'down' },
  grade_value: { bullish: 'beat', bearish: 'lag' },
  grade_growth: { bullish: 'beat', bearish: 'lag' },
  grade_profitability: { bullish: 'beat', bearish: 'lag' },
  grade_health: { bullish: 'beat', bearish: 'lag' },
  grade_momentum: { bullish: 'beat', bearish: 'lag' },
  piotroski_f: { bullish: 'beat', bearish: 'lag' },
  altman_zone: { bullish: 'beat', bearish: 'lag' },
  dcf_upside: { bullish: 'up', bearish: 'down' },
};

/** What a side of a verdict type expects; null for the neutral side. */
export const findExpectation = (type: VerdictType, side: CallSide): Expectation | null => (side === 'neutral' ? null : EXPECTATIONS[type][side]);

/** The rule for each verdict type, in words (the page and the docs show these). */
export const CALL_RULES: Record<VerdictType, { bullish: string; bearish: string; neutral: string }> = {
  technical_rating: { bullish: 'Buy or Strong Buy: the price should rise', bearish: 'Sell or Strong Sell: the price should fall', neutral: 'Neutral: no call' },
  grade_value: { bullish: 'A or B: should beat SPY', bearish: 'D or F: should lag SPY', neutral: 'C: no call' },
  grade_growth: { bullish: 'A or B: should beat SPY', bearish: 'D or F: should lag SPY', neutral: 'C: no call' },
  grade_profitability: { bullish: 'A or B: should beat SPY', bearish: 'D or F: should lag SPY', neutral: 'C: no call' },
  grade_health: { bullish: 'A or B: should beat SPY', bearish: 'D or F: should lag SPY', neutral: 'C: no call' },
  grade_momentum: { bullish: 'A or B: should beat SPY', bearish: 'D or F: should lag SPY', neutral: 'C: no call' },
  piotroski_f: {
    bullish: `${PIOTROSKI_STRONG_MIN}–9: should beat SPY`,
    bearish: `0–${PIOTROSKI_WEAK_MAX}: should lag SPY`,
    neutral: `${PIOTROSKI_WEAK_MAX + 1}–${PIOTROSKI_STRONG_MIN - 1}: no call`,
  },
  altman_zone: { bullish: '(none: a safe zone claims no outperformance)', bearish: 'Distress zone: should lag SPY', neutral: 'Safe or Grey zone: no call' },
  dcf_upside: {
    bullish: `Upside above +${DCF_CALL_THRESHOLD_PERCENT} %: the price should rise`,
    bearish: `Upside below −${DCF_CALL_THRESHOLD_PERCENT} %: the price should fall`,
    neutral: `Within ±${DCF_CALL_THRESHOLD_PERCENT} %: no call`,
  },
};

/** The side a verdict's value takes (see CALL_RULES); an unrecognised value is neutral. */
function findSide(type: VerdictType, value: VerdictValue): CallSide {
  if (type === 'technical_rating')
    return value === 'Buy' || value === 'Strong Buy' ? 'bullish' : value === 'Sell' || value === 'Strong Sell' ? 'bearish' : 'neutral';
  if (type.startsWith('grade_')) return value === 'A' || value === 'B' ? 'bullish' : value === 'D' || value === 'F' ? 'bearish' : 'neutral';
  if (type === 'altman_zone') return value === 'Distress' ? 'bearish' : 'neutral';
  if (typeof value !== 'number') return 'neutral';
  if (type === 'piotroski_f') return value >= PIOTROSKI_STRONG_MIN ? 'bullish' : value <= PIOTROSKI_WEAK_MAX ? 'bearish' : 'neutral';
  return value > DCF_CALL_THRESHOLD_PERCENT ? 'bullish' : value < -DCF_CALL_THRESHOLD_PERCENT ? 'bearish' : 'neutral';
}

/** The call a verdict makes: its side and what that side expects. */
export function classifyCall(type: VerdictType, value: VerdictValue): Call {
  const side = findSide(type, value);
  return { side, expects: findExpectation(type, side) };
}

/**
 * Whether a call held over one horizon: the stock's price change and SPY's over the same days, in percent.
 * Exactly flat counts as not held. Null for a neutral call.
 */
export function judgeCall(expects: Expectation | null, changePercent: number, spyChangePercent: number): boolean | null {
  if (expects === null) return null;
  const excess = changePercent - spyChangePercent;
  if (expects === 'up') return changePercent > 0;
  if (expects === 'down') return changePercent < 0;
  if (expects === 'beat') return excess > 0;
  return excess < 0;
}

/** The verdicts an analysis's facts state (an ETF analysis, or one whose figures were missing, may state none). */
export function extractVerdicts(facts: readonly Pick<Fact, 'key' | 'value'>[]): Verdicts {
  const out: Verdicts = {};
  for (const type of verdictTypes) {
    const fact = facts.find((f) => f.key === VERDICT_FACT_KEYS[type]);
    if (fact === undefined) continue;
    if (typeof fact.value === 'number' && !Number.isFinite(fact.value)) continue;
    out[type] = fact.value;
  }
  return out;
}
