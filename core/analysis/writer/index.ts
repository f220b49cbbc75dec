import type { AnalysisKind, AnalysisNote, Fact, FundamentalSubtype, Sentence } from '../analysis-types.ts';
import { type FactReader, type FiredRule, fireRules, type NoteRule, pickThree, readFacts, weighBalance, type WriterContext } from './note-rules.ts';
import { describeDrivers } from './driver-rules.ts';
import { dcfRules, writeDcfHeadline, writeDcfVerdict } from './dcf-rules.ts';
import { etfRules, writeEtfHeadline, writeEtfVerdict } from './etf-rules.ts';
import { type CompanyNoteTopic, companyRules, FUNDAMENTAL_FOCUS, overviewRules, writeCompanyHeadline, writeCompanyVerdict } from './company-rules.ts';
import { technicalRules, writeTechnicalHeadline, writeTechnicalVerdict } from './technical-rules.ts';

export { describeUnbacked, findUnbackedNumbers, type UnbackedNumber } from './check-numbers.ts';
export { formatFactValue } from '../../facts/format-fact.ts';
export type { WriterContext } from './note-rules.ts';

/** A kind's (or fundamental subtype's) rules, and how it frames the headline and the verdict. */
interface NoteStyle {
  rules: readonly NoteRule[];
  /** Fact keys the note is about: rules on them lead. */
  focus?: readonly string[];
  /** Attribution targets the verdict may explain, in order of preference (the first present is used). */
  drivers?: readonly string[];
  headline(r: FactReader, ctx: WriterContext, strengths: readonly FiredRule[], risks: readonly FiredRule[]): Sentence;
  verdict(r: FactReader, ctx: WriterContext, strengths: readonly FiredRule[], risks: readonly FiredRule[], balance: number): Sentence;
}

const technicalStyle: NoteStyle = {
  rules: technicalRules,
  drivers: ['technical_rating'],
  headline: (r, ctx) => writeTechnicalHeadline(r, ctx),
  verdict: (r, _ctx, strengths, risks, balance) => writeTechnicalVerdict(r, strengths, risks, balance),
};

const buildCompanyStyle = (tab: CompanyNoteTopic, focus: readonly string[], rules: readonly NoteRule[] = companyRules): NoteStyle => ({
  rules,
  focus,
  drivers: COMPANY_DRIVERS[tab],
  headline: (r, ctx, strengths, risks) => writeCompanyHeadline(r, ctx, tab, strengths, risks, focus),
  // The counts the note shows: pickThree lists at most three of each side.
  verdict: (r, ctx, strengths, risks, balance) => writeCompanyVerdict(r, ctx, tab, balance, Math.min(strengths.length, 3), Math.min(risks.length, 3)),
});

const dcfStyle: NoteStyle = {
  rules: dcfRules,
  drivers: ['fair_value_per_share'],
  headline: (r, ctx) => writeDcfHeadline(r, ctx),
  verdict: (r) => writeDcfVerdict(r),
};

const etfStyle: NoteStyle = {
  rules: etfRules,
  headline: (r, ctx) => writeEtfHeadline(r, ctx),
  verdict: (r) => writeEtfVerdict(r),
};

const ALL_GRADES = ['grade_value', 'grade_growth', 'grade_profitability', 'grade_health', 'grade_momentum'];
/** The grade or score each company note explains in its verdict (cash flow has none of its own). */
const COMPANY_DRIVERS: Record<CompanyNoteTopic, readonly string[]> = {
  summary: ALL_GRADES,
  overview: ALL_GRADES,
  profitability: ['grade_profitability'],
  growth: ['grade_growth'],
  valuation: ['grade_value'],
  'financial-health': ['grade_health', 'altman_z'],
  dividends: ['dividend_safety'],
  'cash-flow': [],
  'balance-sheet': ['altman_z'],
};

// A bank's balance sheet is read on its tangible equity (it has no current ratio or net debt to speak of).
const BALANCE_SHEET_FOCUS = [
  'current_ratio',
  'quick_ratio',
  'debt_to_equity',
  'net_debt_to_ebitda',
  'interest_cover',
  'altman_z',
  'tangible_equity_ratio',
  'price_tangible_book',
  'book_value_per_share_cagr_5y',
];

function selectStyle(kind: AnalysisKind, subtype: FundamentalSubtype | null): NoteStyle {
  switch (kind) {
    case 'technical':
      return technicalStyle;
    case 'fundamental':
      return buildCompanyStyle(subtype ?? 'overview', FUNDAMENTAL_FOCUS[subtype ?? 'overview']);
    case 'balance-sheet':
      return buildCompanyStyle('balance-sheet', BALANCE_SHEET_FOCUS);
    case 'dcf':
      return dcfStyle;
    case 'etf':
      return etfStyle;
    case 'overview':
      return buildCompanyStyle('summary', [], [...companyRules, ...overviewRules]);
  }
}

/**
 * The rule-based analyst's note: every sentence comes from a rule that fired on the facts and cites the
 * keys it used; the strongest three strengths and risks lead; headline and verdict name the rating or
 * grade and what drove it. Pure: the same facts always give the same note.
 */
export function writeNote(kind: AnalysisKind, subtype: FundamentalSubtype | null, facts: readonly Fact[], context: WriterContext): AnalysisNote {
  const style = selectStyle(kind, subtype);
  const r = readFacts(facts);
  const focus = new Set(style.focus ?? []);
  const strengths = fireRules(style.rules, 'strength', r, context, focus);
  const risks = fireRules(style.rules, 'risk', r, context, focus);
  return {
    headline: style.headline(r, context, strengths, risks),
    strengths: pickThree(strengths, 'strength'),
    risks: pickThree(risks, 'risk'),
    verdict: addDrivers(style.verdict(r, context, strengths, risks, weighBalance(strengths, risks)), r, style, context),
    writer: 'rule-based',
  };
}

/** The verdict followed by what moved the note's main grade or rating most (unchanged without an attribution). */
function addDrivers(verdict: Sentence, r: FactReader, style: NoteStyle, context: WriterContext): Sentence {
  for (const target of style.drivers ?? []) {
    const a = context.attribution?.find((x) => x.target === target);
    const drivers = a ? describeDrivers(r, a) : null;
    if (drivers) return { text: `${verdict.text} ${drivers.text}`, fact_keys: [...new Set([...verdict.fact_keys, ...drivers.fact_keys])] };
  }
  return verdict;
}
