import { regressReturns } from '../indicators/beta-correlation.ts';
import { computeQuantile } from '../dcf/presets.ts';

/*
 * A beta an analyst would accept (issue 30, item 1). One year of daily returns is noisy and, for a
 * defensive stock, can land near zero (XOM's was 0.09): the discount rate then sits near the risk-free
 * rate. Instead: two years of weekly returns (five years of monthly ones where only month-ends exist),
 * Blume-adjusted, then shrunk half-way toward the bottom-up beta of the company's sector peers (their betas
 * unlevered with their own debt/equity, the median, relevered with the company's), with a floor.
 */

/** Weeks in the regression window (two years) and the fewest that still make a beta. */
const WEEKLY_WINDOW = { weeks: 104, minimum: 52 } as const;
/** Months in the regression window when only month-end closes exist (five years), and the fewest. */
const MONTHLY_WINDOW = { months: 60, minimum: 36 } as const;
/** Weight of the company's own (Blume-adjusted) beta against its sector's bottom-up beta. */
const OWN_BETA_WEIGHT = 0.5;
/** No listed company's equity is priced as less risky than this (Damodaran's lowest US industry betas sit near 0.5–0.6). */
export const BETA_FLOOR = 0.6;
/** Sectors with fewer peer betas than this give no bottom-up beta: the company's own stands alone. */
const MIN_PEER_BETAS = 5;

/** Blume's adjustment: 0.67 × the regression beta + 0.33 × 1 (betas drift toward the market's 1). */
export const adjustBlume = (raw: number): number => 0.67 * raw + 0.33;

export interface ClosesLike {
  dates: readonly string[];
  close: ArrayLike<number>;
}

export interface MeasuredBeta {
  raw: number;
  /** Blume-adjusted. */
  adjusted: number;
  basis: 'weekly_2y' | 'monthly_5y';
  observations: number;
  from: string;
  to: string;
}

/** Days since 1970-01-01 of an ISO date, without allocating a Date (this runs over every bar of every company). */
function dayNumberOf(date: string): number {
  return Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10))) / 86_400_000;
}
/** Monday-based week number: 1970-01-01 was a Thursday, so day + 3 starts each week on a Monday. */
const weekKeyOf = (date: string) => Math.floor((dayNumberOf(date) + 3) / 7);
const monthKeyOf = (date: string) => Number(date.slice(0, 4)) * 12 + Number(date.slice(5, 7));

interface PeriodCloses {
  keys: number[];
  closes: number[];
  dates: string[];
}

/** The last close of each period (week or month) on or before `asOf`, in order. */
function samplePeriodCloses(s: ClosesLike, asOf: string, keyOf: (date: string) => number): PeriodCloses {
  const out: PeriodCloses = { keys: [], closes: [], dates: [] };
  for (let i = 0; i < s.dates.length; i++) {
    const date = s.dates[i]!;
    if (date > asOf) break;
    const key = keyOf(date);
    const last = out.keys.length - 1;
    if (last >= 0 && out.keys[last] === key) {
      out.closes[last] = s.close[i]!;
      out.dates[last] = date;
    } else {
      out.keys.push(key);
      out.closes.push(s.close[i]!);
      out.dates.push(date);
    }
  }
  return out;
}

/** The benchmark is the same series for every company of a data day: sampled once per series, day and interval. */
const benchmarkSamples = new WeakMap<object, Map<string, PeriodCloses>>();
function sampleBenchmark(s: ClosesLike, asOf: string, interval: 'daily' | 'monthly', keyOf: (date: string) => number): PeriodCloses {
  let byDay = benchmarkSamples.get(s.close as object);
  if (!byDay) {
    byDay = new Map();
    benchmarkSamples.set(s.close as object, byDay);
  }
  const key = `${asOf}|${interval}`;
  let sampled = byDay.get(key);
  if (!sampled) {
    sampled = samplePeriodCloses(s, asOf, keyOf);
    byDay.set(key, sampled);
  }
  return sampled;
}

/**
 * The regression beta of `asset` on `benchmark` over returns between period-end closes both have: weekly
 * from daily bars, monthly from month-end closes. Null with fewer returns than the window's minimum or
 * when the benchmark does not move.
 */
export function measureBeta(asset: ClosesLike, benchmark: ClosesLike, asOf: string, interval: 'daily' | 'monthly'): MeasuredBeta | null {
  const keyOf = interval === 'daily' ? weekKeyOf : monthKeyOf;
  const periods = interval === 'daily' ? WEEKLY_WINDOW.weeks : MONTHLY_WINDOW.months;
  const minimum = interval === 'daily' ? WEEKLY_WINDOW.minimum : MONTHLY_WINDOW.minimum;
  const a = samplePeriodCloses(asset, asOf, keyOf);
  const b = sampleBenchmark(benchmark, asOf, interval, keyOf);
  // Periods both have, newest last (two sorted key lists merged).
  const ia: number[] = [];
  const ib: number[] = [];
  for (let i = 0, j = 0; i < a.keys.length && j < b.keys.length; ) {
    if (a.keys[i] === b.keys[j]) {
      ia.push(i++);
      ib.push(j++);
    } else if (a.keys[i]! < b.keys[j]!) i++;
    else j++;
  }
  const from = Math.max(0, ia.length - (periods + 1));
  const n = ia.length - from - 1;
  if (n < minimum) return null;
  const ra = new Float64Array(n);
  const rb = new Float64Array(n);
  for (let k = 0; k < n; k++) {
    ra[k] = a.closes[ia[from + k + 1]!]! / a.closes[ia[from + k]!]! - 1;
    rb[k] = b.closes[ib[from + k + 1]!]! / b.closes[ib[from + k]!]! - 1;
  }
  const { beta } = regressReturns(ra, rb);
  if (!Number.isFinite(beta)) return null;
  return {
    raw: beta,
    adjusted: adjustBlume(beta),
    basis: interval === 'daily' ? 'weekly_2y' : 'monthly_5y',
    observations: n,
    from: a.dates[ia[from + 1]!]!,
    to: a.dates[ia.at(-1)!]!,
  };
}

/** Hamada: β_unlevered = β / (1 + (1 − t) × D/E). */
export const unleverBeta = (beta: number, debtToEquity: number, taxRate: number): number => beta / (1 + (1 - taxRate) * Math.max(0, debtToEquity));
/** β_levered = β_unlevered × (1 + (1 − t) × D/E). */
export const releverBeta = (unlevered: number, debtToEquity: number, taxRate: number): number => unlevered * (1 + (1 - taxRate) * Math.max(0, debtToEquity));

export interface CalibratedBeta {
  /** The beta the cost of equity uses. */
  beta: number;
  own: MeasuredBeta | null;
  /** The sector's median unlevered beta relevered with the company's debt/equity; null without enough peers. */
  bottomUp: { beta: number; sectorUnlevered: number; peers: number } | null;
  floored: boolean;
  /** In words, for the assumptions table and the note. */
  basis: string;
}

/**
 * Blends the company's own beta with its sector's bottom-up beta (weights OWN_BETA_WEIGHT and the rest),
 * then floors it. Either alone when the other is missing; the market's 1.0 when both are.
 * `peerUnleveredBetas` is the sector's distribution (the sector table's, sorted or not).
 */
export function calibrateBeta(
  own: MeasuredBeta | null,
  peerUnleveredBetas: readonly number[] | null,
  company: { debtToEquity: number; taxRate: number; financial: boolean },
): CalibratedBeta {
  const peers = peerUnleveredBetas && peerUnleveredBetas.length >= MIN_PEER_BETAS ? peerUnleveredBetas : null;
  // A bank's or insurer's debt is its raw material, not leverage on an operating business: its peers'
  // betas are taken as they are (the sector table stores them unlevered at D/E 0 for financials).
  const sectorUnlevered = peers ? computeQuantile(peers, 0.5) : null;
  const bottomUp =
    sectorUnlevered === null
      ? null
      : {
          beta: company.financial ? sectorUnlevered : releverBeta(sectorUnlevered, company.debtToEquity, company.taxRate),
          sectorUnlevered,
          peers: peers!.length,
        };
  let beta: number;
  let basis: string;
  if (own && bottomUp) {
    beta = OWN_BETA_WEIGHT * own.adjusted + (1 - OWN_BETA_WEIGHT) * bottomUp.beta;
    basis = `${own.basis === 'weekly_2y' ? '2 years of weekly' : '5 years of monthly'} returns vs SPY, Blume-adjusted, averaged with the sector's bottom-up beta (${bottomUp.peers} peers)`;
  } else if (own) {
    beta = own.adjusted;
    basis = `${own.basis === 'weekly_2y' ? '2 years of weekly' : '5 years of monthly'} returns vs SPY, Blume-adjusted (too few sector peers for a bottom-up beta)`;
  } else if (bottomUp) {
    beta = bottomUp.beta;
    basis = `the sector's bottom-up beta (${bottomUp.peers} peers; too little price history for the company's own)`;
  } else {
    beta = 1;
    basis = "the market's own beta of 1 (no price history and no sector peers)";
  }
  const floored = beta < BETA_FLOOR;
  if (floored) basis += `, raised to the floor of ${BETA_FLOOR}`;
  return { beta: Math.max(BETA_FLOOR, beta), own, bottomUp, floored, basis };
}

const closesOf = new WeakMap<object, ClosesLike>();
/** A price history's dates and closes, as `measureBeta` reads them (once per history: SPY's serves every company). */
export function toCloses(h: { bars: ReadonlyArray<{ date: string; close: number }> }): ClosesLike {
  let c = closesOf.get(h.bars);
  if (!c) {
    c = { dates: h.bars.map((b) => b.date), close: h.bars.map((b) => b.close) };
    closesOf.set(h.bars, c);
  }
  return c;
}
