import type { CapmPair } from '../market/reference-data.ts';
import type { AnalysisKind } from '../tokens/costs.ts';
import type { Attribution } from './attribution/attribution-types.ts';
import type { Dividend, DividendRecords, EtfInfo, Fundamentals, PriceHistory, Profile, Quote } from '../market/types.ts';
import type { DcfStudioInputs } from './dcf/studio.ts';
import type { SectorTable } from './fundamentals/sector-grades.ts';
import type { EngineResult } from './result.ts';

/*
 * The contract between the analysis builders (core/analysis/runs/, pure), the analyses feature
 * (server/features/analyses/, charging and storage) and the web pages. The builders compute every
 * number; the writer only explains them, citing fact keys.
 */

export type { AnalysisKind } from '../tokens/costs.ts';

/** Fundamental analysis subtypes: the seven tabs of /fundamental-analysis/:symbol/:analysisType. */
export const fundamentalSubtypes = ['overview', 'profitability', 'growth', 'valuation', 'financial-health', 'dividends', 'cash-flow'] as const;
export type FundamentalSubtype = (typeof fundamentalSubtypes)[number];

/**
 * Units of a fact. Percentages in percent units (`net_margin` 26.92 = 26.92 %); money in USD as
 * reported (not cents: statement figures are whole dollars from filings); ratios and multiples plain.
 */
export type FactUnit = 'percent' | 'usd' | 'usd_per_share' | 'ratio' | 'times' | 'score' | 'count' | 'shares' | 'years' | 'label';

/** One number (or label) an analysis rests on: the only figures its text may use. */
export interface Fact {
  /** Stable snake_case key, e.g. `rsi_14`, `net_margin`, `fair_value_per_share`. */
  key: string;
  label: string;
  /** A finite number, or a label for unit `label` (e.g. technical_rating "Buy"). */
  value: number | string;
  unit: FactUnit;
  /** What the figure covers: "FY2025", "TTM to 2026-03-28", "2026-07-02", "5y to FY2025". */
  period: string;
  /** Source id from the snapshot catalogue (`sec`, `yahoo-daily`…) or `computed` for engine outputs. */
  source: string;
  /** Filing date (fundamentals) or bar date (prices) of the newest input. */
  as_of: string;
}

/** A sentence of the note and the facts it uses (the UI links them; the LLM writer is checked against them). */
export interface Sentence {
  text: string;
  fact_keys: string[];
}

/** The analyst's note: a headline, three strengths, three risks, a verdict. */
export interface AnalysisNote {
  headline: Sentence;
  strengths: Sentence[];
  risks: Sentence[];
  verdict: Sentence;
  /** Which writer produced it: `rule-based`, or `llm:<model>` when a language model wrote it and every number passed the check. */
  writer: string;
  /** Why the rule-based writer wrote it although a model is configured (the model's draft was rejected, or it failed or ran out of time). */
  writer_note?: string;
}

/** Everything a builder may read; the feature loads only what `analysisRequirements[kind]` names. */
export interface AnalysisInputs {
  symbol: string;
  /** The data day: the last price bar's date; an analysis uses nothing filed after it (point in time). */
  asOf: string;
  profile: Profile;
  quote: Quote | null;
  /** Daily bars, split-adjusted, oldest first (null when only month-ends exist). */
  daily: PriceHistory | null;
  /** Month-end closes (momentum for names without daily bars). */
  monthly: PriceHistory | null;
  /** SPY daily bars: beta and correlation. */
  benchmark: PriceHistory | null;
  fundamentals: Fundamentals | null;
  etf: EtfInfo | null;
  /** A second ETF for the overlap picker (etf kind only). */
  compareEtf: EtfInfo | null;
  dividends: Dividend[];
  /** The days `dividends` cover, cut at the data day; null or absent when the source does not say. */
  dividendRecords?: DividendRecords | null;
  sectorTable: SectorTable | null;
  /**
   * The risk-free rate and ERP to discount with, each dated and sourced, as the market service serves them (the
   * snapshot's pair continued by the store); absent: the pair core ships (CAPM_DEFAULTS).
   */
  capm?: CapmPair | null;
}

export type AnalysisInputName = Exclude<keyof AnalysisInputs, 'symbol' | 'asOf' | 'profile'>;

/** What a builder returns. `sections` is kind-specific chart/table data, typed per kind by the builders. */
export interface AnalysisBody<S = unknown> {
  kind: AnalysisKind;
  subtype: FundamentalSubtype | null;
  symbol: string;
  as_of: string;
  facts: Fact[];
  note: AnalysisNote;
  sections: S;
  /** What moved each grade, rating and score, input by input (docs/attribution.md); empty when the kind has none (ETF). */
  attribution: Attribution[];
}

/**
 * Why a kind cannot run for a symbol, shown on its card and answered 422 UNPROCESSABLE with this
 * message (e.g. "ETF analysis needs an ETF", "No fundamentals for this symbol").
 */
export interface Unavailable {
  kind: AnalysisKind;
  reason: string;
  /** The input that is missing (`etf`, `fundamentals`, `daily`…). */
  input: string;
}

/** Per-request options a kind may take: `dcfInputs` are the DCF studio's assumptions (kind `dcf` only). */
export interface BuildOptions {
  dcfInputs?: DcfStudioInputs | null;
}

export type BuildAnalysis = (inputs: AnalysisInputs, subtype: FundamentalSubtype | null, options?: BuildOptions) => EngineResult<AnalysisBody>;
