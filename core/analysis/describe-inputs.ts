import { LINE_BY_KEY } from '../market/statements.ts';
import { findFactDefinition } from '../facts/catalogue.ts';
import { describeKeysInText } from '../facts/describe-keys.ts';

/*
 * Engines name their inputs by key ("invested_capital is negative", "no health metric could be ranked:
 * current_ratio, …"); the reason reaches a page, a PDF, a scorecard and the copilot's answer as it is.
 * Statement lines and catalogue facts are written with their labels (`describeKeysInText`); the inputs
 * below are neither — intermediate figures an engine computes on the way — so they are named here, once.
 */

/** Engine inputs that are neither a statement line nor a catalogue fact, as a person reads them in a sentence. */
const ENGINE_INPUT_WORDS: Readonly<Record<string, string>> = {
  invested_capital: 'invested capital',
  working_capital: 'working capital',
  average_total_assets: 'average total assets',
  enterprise_value: 'enterprise value',
  earnings_yield: 'earnings yield',
  book_to_price: 'book value / market cap',
  ebitda_to_ev: 'EBITDA / enterprise value',
  tax_rate: 'tax rate',
  cost_of_debt: 'cost of debt',
  debt_weight: 'debt weight',
  minority_interests: 'minority interests',
  fcf_cover: 'free cash flow cover of the dividend',
  operating_cash_flow_minus_capex: 'operating cash flow minus capital expenditure',
  annual_statements: 'annual statements',
  prior_year: 'the prior fiscal year',
  sector_weights: 'sector weights',
  fund_close: "the fund's close",
  benchmark_close: "the benchmark's close",
  common_dates: 'common dates',
  holdings_a: "the first fund's holdings",
  holdings_b: "the second fund's holdings",
  wacc_pct: 'WACC',
  discount_rate: 'discount rate',
  explicit_years: 'explicit years',
  fade_years: 'fade years',
  gross_return: 'gross return',
  four_quarters: 'four quarters',
  annual_plus_interim: 'the fiscal year plus the interim quarters',
};

const CODE_NAME = /\b[a-z][a-z0-9]*(?:_[a-z0-9]+)+\b/g;

/** One-word keys that read wrong in lower case; other one-word keys (revenue, cash, price) already are words. */
const ACRONYM_KEYS = /\b(ebitda|sga)\b/g;
const ACRONYMS: Readonly<Record<string, string>> = { ebitda: 'EBITDA', sga: 'SG&A' };

/** The text with every input key in it written as words: labels for lines and facts, the words above for the rest; an unknown key is left (a test catches it). */
export function describeInputsInText(text: string): string {
  return describeKeysInText(text)
    .replace(CODE_NAME, (key) => ENGINE_INPUT_WORDS[key] ?? key)
    .replace(ACRONYM_KEYS, (key) => ACRONYMS[key]!);
}

/** The label a table row or an input list shows for a statement line or a catalogue fact ("Current assets", "Return on equity"); undefined for a key neither knows. */
export function findInputLabel(key: string): string | undefined {
  return LINE_BY_KEY.get(key)?.label ?? findFactDefinition(key)?.label;
}
