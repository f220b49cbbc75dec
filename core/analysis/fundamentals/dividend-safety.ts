import type { CompanyFinancials, FinancialPeriod } from '../financials.ts';
import { type EngineResult, fail, ok } from '../result.ts';
import { describeDividendStreak, type DividendHistory, type DividendStreak, measureDividendStreak } from './dividend-history.ts';
import { computeEarningsPayout } from './dividend-ratios.ts';
import { computeNetDebtToEbitda } from './health-ratios.ts';
import { computeAffo } from './affo.ts';
import { divideByPositive } from './ratio-math.ts';
import { freeCashFlowOf, findLatestAnnual, lineOf } from './statement-lines.ts';

export type SafetyComponentId = 'payout' | 'fcf_cover' | 'leverage' | 'streak' | 'earnings_stability';

export interface SafetyComponent {
  id: SafetyComponentId;
  /** Points out of 100 the component is worth (before re-weighting for excluded components). */
  weight: number;
  /** The measure: payout fraction, FCF cover (times), net debt / EBITDA (times), streak (years), stability (fraction). */
  value: number | null;
  /** 0..1 of the weight earned; null when excluded. */
  points: number | null;
  /** Why a component scored 0 or was excluded, or (streak) that the data starts inside it. */
  note: string | null;
}

export interface DividendSafety {
  /** 0..100. */
  score: number;
  fiscalYear: number;
  components: SafetyComponent[];
}

/**
 * Weights and the linear ramps from 0 points (bad end) to full points (good end); docs/scores.md
 * explains the choice. Stability looks back at most 10 fiscal years; the streak over all the data holds
 * (its ramp is full at 10 years either way).
 */
const SAFETY_WEIGHTS: Record<SafetyComponentId, number> = { payout: 30, fcf_cover: 25, leverage: 15, streak: 15, earnings_stability: 15 };
const RAMPS = {
  payout: { full: 0.4, zero: 1.0 },
  fcf_cover: { full: 2, zero: 1 },
  leverage: { full: 1, zero: 4 },
  streak: { full: 10, zero: 0 },
} as const;
const LOOKBACK_YEARS = 10;
/** A year whose net income fell by more than this fraction (or was a loss) is an unstable year. */
const MAX_STABLE_DROP = 0.2;

/** Bands of the 0–100 score, from the top: a score at or above `from` gets the band. */
export const SAFETY_BANDS = [
  { band: 'very_safe', label: 'Very safe', from: 80 },
  { band: 'safe', label: 'Safe', from: 60 },
  { band: 'borderline', label: 'Borderline', from: 40 },
  { band: 'unsafe', label: 'Unsafe', from: 20 },
  { band: 'very_unsafe', label: 'Very unsafe', from: 0 },
] as const;
export type SafetyBand = (typeof SAFETY_BANDS)[number]['band'];

export function classifySafetyBand(score: number): SafetyBand {
  return (SAFETY_BANDS.find((b) => score >= b.from) ?? SAFETY_BANDS.at(-1)!).band;
}

/** 1 at `full`, 0 at `zero`, linear in between, clamped; works whichever end is higher. */
export function scoreOnRamp(value: number, ramp: { full: number; zero: number }): number {
  const t = (value - ramp.zero) / (ramp.full - ramp.zero);
  return Math.min(1, Math.max(0, t));
}

/** Consecutive fiscal years, newest first, going back from the latest while years are contiguous. */
function takeRecentYears(f: CompanyFinancials, count: number): FinancialPeriod[] {
  const out: FinancialPeriod[] = [];
  for (let i = f.annual.length - 1; i >= 0 && out.length < count; i--) {
    const p = f.annual[i]!;
    if (out.length > 0 && p.fiscalYear !== out.at(-1)!.fiscalYear - 1) break;
    out.push(p);
  }
  return out;
}

/**
 * Years in a row, up to the latest, in which the dividend was not cut, from the longest history the data
 * holds: the payment records when there are any (yearly rates, `measureDividendStreak`), else the filings'
 * dividends per share by fiscal year. `clipped` when the streak reaches the first year the data holds.
 */
export function computeDividendStreak(f: CompanyFinancials, history?: DividendHistory | null): DividendStreak {
  const latest = findLatestAnnual(f);
  if (history && history.events.length > 0 && latest) {
    const fromRecords = measureDividendStreak(history, history.records?.through ?? latest.end, 'no_cut');
    if (fromRecords) return fromRecords;
  }
  const years = takeRecentYears(f, f.annual.length);
  let streak = 0;
  for (let i = 0; i + 1 < years.length; i++) {
    const now = lineOf(years[i], 'dividends_per_share');
    const before = lineOf(years[i + 1], 'dividends_per_share');
    if (now === null || before === null || before <= 0 || now < before)
      return { years: streak, clipped: false, dataFrom: years.at(-1)?.fiscalYear ?? 0, throughYear: latest?.fiscalYear ?? 0 };
    streak++;
  }
  return { years: streak, clipped: streak > 0, dataFrom: years.at(-1)?.fiscalYear ?? 0, throughYear: latest?.fiscalYear ?? 0 };
}

/** Share of the last (up to 10) year-on-year changes in which net income stayed positive and fell by at most 20 %; null with fewer than 3. */
export function computeEarningsStability(f: CompanyFinancials): number | null {
  const years = takeRecentYears(f, LOOKBACK_YEARS + 1);
  let stable = 0;
  let compared = 0;
  for (let i = 0; i + 1 < years.length; i++) {
    const now = lineOf(years[i], 'net_income');
    const before = lineOf(years[i + 1], 'net_income');
    if (now === null || before === null) break;
    compared++;
    if (now > 0 && now >= before * (1 - MAX_STABLE_DROP)) stable++;
  }
  return compared >= 3 ? stable / compared : null;
}

/** What the payout is a share of: net income, or a REIT's AFFO. */
export type PayoutBasis = 'earnings' | 'affo';

/** The payout component of a REIT: dividends paid ÷ AFFO, on the same ramp as an earnings payout. */
function scorePayoutOnAffo(p: FinancialPeriod, paid: number): SafetyComponent {
  const affo = computeAffo(p);
  if (!affo)
    return { id: 'payout', weight: SAFETY_WEIGHTS.payout, value: null, points: null, note: 'AFFO cannot be derived: no depreciation or operating cash flow' };
  if (!(affo.affoUsd > 0))
    return { id: 'payout', weight: SAFETY_WEIGHTS.payout, value: null, points: 0, note: 'AFFO is zero or negative: the dividend is not covered' };
  const payout = paid / affo.affoUsd;
  return {
    id: 'payout',
    weight: SAFETY_WEIGHTS.payout,
    value: payout,
    points: scoreOnRamp(payout, RAMPS.payout),
    note: 'payout of AFFO (a REIT pays from AFFO, not net income)',
  };
}

function scoreRatio(id: 'payout' | 'fcf_cover' | 'leverage', r: EngineResult<number>): SafetyComponent {
  const weight = SAFETY_WEIGHTS[id];
  if (r.ok) return { id, weight, value: r.value, points: scoreOnRamp(r.value, RAMPS[id]), note: null };
  // A loss, negative FCF or negative EBITDA is the least safe case, not an unknown one.
  if (r.error.code === 'zero_denominator') return { id, weight, value: null, points: 0, note: r.error.message };
  return { id, weight, value: null, points: null, note: r.error.message };
}

/**
 * Dividend safety 0..100 for the latest fiscal year: Σ weight × points over the components that could
 * be measured, re-scaled to 100 over their weights. Needs the payout and at least three components;
 * a company that paid no dividend gets `not_applicable`.
 *
 * `payoutBasis: 'affo'` (a REIT): the payout is measured against AFFO (core/analysis/valuation computeAffo),
 * the cash a REIT pays from: its net income carries the depreciation of its buildings, so Realty Income paid
 * 276 % of net income and read "Unsafe" while it paid about three quarters of its AFFO.
 */
export function computeDividendSafety(
  f: CompanyFinancials,
  history?: DividendHistory | null,
  { payoutBasis = 'earnings' }: { payoutBasis?: PayoutBasis } = {},
): EngineResult<DividendSafety> {
  const p = findLatestAnnual(f);
  if (!p) return fail('missing_input', 'annual_statements', `${f.symbol} has no annual statements`);
  const paid = lineOf(p, 'dividends_paid');
  if (paid === null || paid <= 0) return fail('not_applicable', 'dividends_paid', `no dividend paid in FY${p.fiscalYear}: nothing to rate`);

  const streak = computeDividendStreak(f, history);
  const stability = computeEarningsStability(f);
  const components: SafetyComponent[] = [
    payoutBasis === 'affo' ? scorePayoutOnAffo(p, paid) : scoreRatio('payout', computeEarningsPayout(p)),
    scoreRatio('fcf_cover', divideByPositive(freeCashFlowOf(p), paid, ['free_cash_flow', 'dividends_paid'])),
    scoreRatio('leverage', computeNetDebtToEbitda(p)),
    {
      id: 'streak',
      weight: SAFETY_WEIGHTS.streak,
      value: streak.years,
      points: scoreOnRamp(streak.years, RAMPS.streak),
      // The wording every surface shows for a streak the data starts inside (`describeDividendStreak`).
      note: streak.clipped ? describeDividendStreak(streak) : null,
    },
    stability === null
      ? { id: 'earnings_stability', weight: SAFETY_WEIGHTS.earnings_stability, value: null, points: null, note: 'fewer than 4 consecutive years of net income' }
      : { id: 'earnings_stability', weight: SAFETY_WEIGHTS.earnings_stability, value: stability, points: stability, note: null },
  ];
  const scored = components.filter((c) => c.points !== null);
  if (components[0]!.points === null) return fail('missing_input', 'net_income', `payout cannot be measured: ${components[0]!.note}`);
  if (scored.length < 3)
    return fail('missing_input', components.find((c) => c.points === null)!.id, 'fewer than three of the five safety components can be measured');
  const weight = scored.reduce((s, c) => s + c.weight, 0);
  const earned = scored.reduce((s, c) => s + c.weight * c.points!, 0);
  return ok({ score: (100 * earned) / weight, fiscalYear: p.fiscalYear, components });
}
