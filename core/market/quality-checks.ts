/**
 * Invariants every served figure must satisfy, checked over the SERVED shapes (what the API returns), so
 * the same functions guard the bundled snapshot, the live adapter and the normaliser's quarantine.
 * Each check returns violations; an empty list means the data passes.
 */

import { isExcepted } from './quality-exceptions.ts';
import type { SplitEvent } from './split-adjust.ts';
import type { Fundamentals, PriceBar, StatementSet } from './types.ts';

type QualityCheck =
  | 'eps_consistency'
  | 'share_jump'
  | 'revenue_positive'
  | 'outflow_sign'
  | 'balance_identity'
  | 'operating_income_within_revenue'
  | 'gross_profit_within_revenue'
  | 'cost_within_revenue'
  | 'revenue_jump'
  | 'ohlc'
  | 'listing_name';

/** The revenue invariants (issue 28): each names revenue as the line in doubt. */
export type RevenueCheck = Extract<QualityCheck, 'operating_income_within_revenue' | 'gross_profit_within_revenue' | 'cost_within_revenue' | 'revenue_jump'>;

export interface QualityViolation {
  check: QualityCheck;
  symbol: string;
  /** Period end (fundamentals) or bar date (prices); null for listings. */
  period: string | null;
  /** Statement line key or price column; null when the violation concerns several equally. */
  line: string | null;
  /** Which statement set the period belongs to (annual FY ends and Q4 ends can coincide). */
  basis?: 'annual' | 'quarterly';
  detail: string;
}

/** |EPS × diluted shares − net income| may be at most this fraction of |net income|. */
const EPS_TOLERANCE_FRACTION = 0.2;
/** Diluted shares may move year on year within [0.55×, 1.8×]. */
export const SHARE_JUMP_MAX = 1.8;
export const SHARE_JUMP_MIN = 0.55;
/** |assets − (liabilities + equity + NCI)| may be at most this fraction of assets. */
export const BALANCE_TOLERANCE_FRACTION = 0.02;
/** Annual revenue may move year on year within (0.2×, 5×) unless the exceptions table names a reason (IPO, spin-off, restatement…). */
export const REVENUE_JUMP_MAX = 5;
export const REVENUE_JUMP_MIN = 0.2;
/** Lines stored as positive outflows. */
export const OUTFLOW_KEYS = ['capital_expenditure', 'dividends_paid', 'share_repurchases'] as const;

type Basis = 'annual' | 'quarterly';
const BASES: readonly Basis[] = ['annual', 'quarterly'];

/** Values of `key` aligned with `set.periods`, or null when the line is absent. */
export function readLineValues(set: StatementSet, key: string): Array<number | null> | null {
  for (const lines of [set.income, set.balance, set.cash_flow]) {
    const l = lines.find((x) => x.key === key);
    if (l) return l.values.map((v) => v.value);
  }
  return null;
}

const dayOf = (iso: string) => Date.parse(`${iso}T00:00:00Z`) / 86_400_000;
const fmt = (v: number) => (Math.abs(v) >= 1e6 ? `${(v / 1e6).toFixed(1)}M` : String(Math.round(v * 10_000) / 10_000));

/**
 * EPS × diluted shares within 20% of net income. EPS is reported to the cent, so half a cent per share
 * is added to the tolerance: otherwise a company earning almost nothing fails on rounding alone.
 */
export function checkEpsConsistency(f: Fundamentals): QualityViolation[] {
  const out: QualityViolation[] = [];
  for (const basis of BASES) {
    const set = f[basis];
    const eps = readLineValues(set, 'eps_diluted');
    const shares = readLineValues(set, 'shares_diluted');
    const ni = readLineValues(set, 'net_income');
    if (!eps || !shares || !ni) continue;
    set.periods.forEach((p, i) => {
      const e = eps[i];
      const s = shares[i];
      const n = ni[i];
      if (e == null || s == null || n == null) return;
      const implied = e * s;
      const allowed = EPS_TOLERANCE_FRACTION * Math.abs(n) + 0.005 * Math.abs(s);
      if (Math.abs(implied - n) > allowed) {
        out.push({
          check: 'eps_consistency',
          symbol: f.symbol,
          period: p.end,
          line: 'eps_diluted',
          basis,
          detail: `EPS ${fmt(e)} × shares ${fmt(s)} = ${fmt(implied)} vs net income ${fmt(n)} (off by ${((Math.abs(implied - n) / Math.abs(n || 1)) * 100).toFixed(0)}%)`,
        });
      }
    });
  }
  return out;
}

/** Pairs (earlier index, later index) one year apart: consecutive annual periods; the same quarter a year earlier. */
function yearOnYearPairs(set: StatementSet, basis: Basis): Array<[number, number]> {
  const pairs: Array<[number, number]> = [];
  const ends = set.periods.map((p) => dayOf(p.end));
  for (let j = 1; j < ends.length; j++) {
    if (basis === 'annual') {
      pairs.push([j - 1, j]);
      continue;
    }
    for (let i = j - 1; i >= 0; i--) {
      const gap = ends[j]! - ends[i]!;
      if (gap >= 350 && gap <= 380) pairs.push([i, j]);
      if (gap > 380) break;
    }
  }
  return pairs;
}

/**
 * Diluted shares never jump above 1.8× or below 0.55× year on year. Served figures are restated for
 * every split, so a jump across a listed split means the restatement is missing; the split list only
 * sharpens the detail (listed split not restated vs unlisted split or corporate event).
 */
export function checkShareJumps(f: Fundamentals, splits: readonly SplitEvent[]): QualityViolation[] {
  const out: QualityViolation[] = [];
  for (const basis of BASES) {
    const set = f[basis];
    const shares = readLineValues(set, 'shares_diluted');
    if (!shares) continue;
    for (const [i, j] of yearOnYearPairs(set, basis)) {
      const a = shares[i];
      const b = shares[j];
      if (a == null || b == null || !(a > 0) || !(b > 0)) continue;
      const ratio = b / a;
      if (ratio <= SHARE_JUMP_MAX && ratio >= SHARE_JUMP_MIN) continue;
      const from = set.periods[i]!.end;
      const to = set.periods[j]!.end;
      const between = splits.filter((s) => s.date > from && s.date <= to);
      const why = between.length
        ? `split ${between.map((s) => `${s.ratio}:1 on ${s.date}`).join(', ')} not restated`
        : 'no listed split between the period ends';
      out.push({
        check: 'share_jump',
        symbol: f.symbol,
        period: to,
        line: 'shares_diluted',
        basis,
        detail: `diluted shares ${fmt(a)} (${from}) → ${fmt(b)} = ${ratio.toFixed(2)}×; ${why}`,
      });
    }
  }
  return out;
}

/** Revenue, where reported, is positive. */
export function checkRevenuePositive(f: Fundamentals): QualityViolation[] {
  return checkEachValue(f, ['revenue'], 'revenue_positive', (v) => v > 0, 'revenue ≤ 0');
}

/** Capex, dividends paid and share repurchases are stored as positive outflows (0 allowed). */
export function checkOutflowSigns(f: Fundamentals): QualityViolation[] {
  return checkEachValue(f, OUTFLOW_KEYS, 'outflow_sign', (v) => v >= 0, 'outflow stored as negative');
}

function checkEachValue(f: Fundamentals, keys: readonly string[], check: QualityCheck, pass: (v: number) => boolean, what: string): QualityViolation[] {
  const out: QualityViolation[] = [];
  for (const basis of BASES) {
    const set = f[basis];
    for (const key of keys) {
      const values = readLineValues(set, key);
      values?.forEach((v, i) => {
        if (v != null && !pass(v)) out.push({ check, symbol: f.symbol, period: set.periods[i]!.end, line: key, basis, detail: `${what}: ${key} ${fmt(v)}` });
      });
    }
  }
  return out;
}

/**
 * Total assets ≈ total liabilities + equity (attributable to the parent) + non-controlling interest,
 * within 2% of assets. A missing NCI line counts as 0; a period lacking assets, liabilities or equity is
 * not checked.
 */
export function checkBalanceIdentity(f: Fundamentals): QualityViolation[] {
  const out: QualityViolation[] = [];
  for (const basis of BASES) {
    const set = f[basis];
    const assets = readLineValues(set, 'total_assets');
    const liabilities = readLineValues(set, 'total_liabilities');
    const equity = readLineValues(set, 'total_equity');
    const nci = readLineValues(set, 'noncontrolling_interest');
    if (!assets || !liabilities || !equity) continue;
    set.periods.forEach((p, i) => {
      const a = assets[i];
      const l = liabilities[i];
      const e = equity[i];
      if (a == null || l == null || e == null) return;
      const sum = l + e + (nci?.[i] ?? 0);
      const gap = a - sum;
      if (Math.abs(gap) > BALANCE_TOLERANCE_FRACTION * Math.abs(a)) {
        out.push({
          check: 'balance_identity',
          symbol: f.symbol,
          period: p.end,
          line: null,
          basis,
          detail: `assets ${fmt(a)} − (liabilities + equity + NCI ${fmt(sum)}) = ${fmt(gap)} (${((gap / Math.abs(a)) * 100).toFixed(1)}% of assets)`,
        });
      }
    });
  }
  return out;
}

/**
 * A part of revenue never exceeds revenue: operating income = revenue − operating costs, gross profit =
 * revenue − cost of revenue, and cost of revenue exceeds revenue only in a gross loss. A period where one
 * does is a revenue row holding a segment (CCI 2024: revenue 192M next to operating income 2,118M; the
 * total is ~6.5B), or a company whose part is genuinely larger (a gain on a sale inside operating income,
 * a gross loss): those are listed by name and reason in quality-exceptions.ts. Equality passes.
 */
function checkPartWithinRevenue(f: Fundamentals, part: string, check: RevenueCheck, label: string): QualityViolation[] {
  const out: QualityViolation[] = [];
  for (const basis of BASES) {
    const set = f[basis];
    const revenue = readLineValues(set, 'revenue');
    const values = readLineValues(set, part);
    if (!revenue || !values) continue;
    set.periods.forEach((p, i) => {
      const r = revenue[i];
      const v = values[i];
      if (r == null || v == null || v <= r) return;
      out.push({ check, symbol: f.symbol, period: p.end, line: 'revenue', basis, detail: `${label} ${fmt(v)} > revenue ${fmt(r)} (${(v / r).toFixed(2)}×)` });
    });
  }
  return out;
}

export function checkOperatingIncomeWithinRevenue(f: Fundamentals): QualityViolation[] {
  return checkPartWithinRevenue(f, 'operating_income', 'operating_income_within_revenue', 'operating income');
}

export function checkGrossProfitWithinRevenue(f: Fundamentals): QualityViolation[] {
  return checkPartWithinRevenue(f, 'gross_profit', 'gross_profit_within_revenue', 'gross profit');
}

export function checkCostWithinRevenue(f: Fundamentals): QualityViolation[] {
  return checkPartWithinRevenue(f, 'cost_of_revenue', 'cost_within_revenue', 'cost of revenue');
}

/**
 * Annual revenue against the previous fiscal year that reports it (a withheld year in between is
 * skipped: a level change across a gap is still one) stays within (0.2×, 5×). A company does not
 * become five times larger or smaller in a year without a named event — an IPO's first product, a
 * spin-off, a restatement, operations suspended — and those are listed in quality-exceptions.ts; an
 * unnamed jump is a change of definition (MET 2018: 62,308M → 1,256M, one segment from then on).
 * Annual only: quarterly figures swing with seasons and Q4 = FY − Q1..Q3.
 */
export function checkRevenueJumps(f: Fundamentals): QualityViolation[] {
  const out: QualityViolation[] = [];
  const set = f.annual;
  const revenue = readLineValues(set, 'revenue');
  if (!revenue) return out;
  let prev = -1;
  set.periods.forEach((p, i) => {
    const r = revenue[i];
    if (r == null || !(r > 0)) return;
    const before = prev >= 0 ? revenue[prev]! : null;
    const from = prev >= 0 ? set.periods[prev]!.end : null;
    prev = i;
    if (before === null || from === null) return;
    const ratio = r / before;
    if (ratio < REVENUE_JUMP_MAX && ratio > REVENUE_JUMP_MIN) return;
    out.push({
      check: 'revenue_jump',
      symbol: f.symbol,
      period: p.end,
      line: 'revenue',
      basis: 'annual',
      detail: `revenue ${fmt(before)} (${from}) → ${fmt(r)} = ${ratio.toFixed(2)}× in a year`,
    });
  });
  return out;
}

/** The revenue invariants, every violation including those the exceptions table explains (the universe test needs both). */
export function checkRevenueInvariants(f: Fundamentals): QualityViolation[] {
  return [...checkOperatingIncomeWithinRevenue(f), ...checkGrossProfitWithinRevenue(f), ...checkCostWithinRevenue(f), ...checkRevenueJumps(f)];
}

/** Every fundamentals check over one company; revenue invariants the exceptions table explains are not violations. */
export function checkFundamentals(f: Fundamentals, splits: readonly SplitEvent[]): QualityViolation[] {
  return [
    ...checkEpsConsistency(f),
    ...checkShareJumps(f, splits),
    ...checkRevenuePositive(f),
    ...checkOutflowSigns(f),
    ...checkBalanceIdentity(f),
    ...checkRevenueInvariants(f).filter((v) => !isExcepted(v)),
  ];
}

/** What is wrong with one bar's range, or null: low ≤ open ≤ high, low ≤ close ≤ high, low ≤ high. */
export function describeOhlcFault(bar: Pick<PriceBar, 'open' | 'high' | 'low' | 'close'>): string | null {
  const { open, high, low, close } = bar;
  if (low > high) return `low ${low} > high ${high}`;
  if (open < low || open > high) return `open ${open} outside low–high ${low}–${high}`;
  if (close < low || close > high) return `close ${close} outside low–high ${low}–${high}`;
  return null;
}

export function checkOhlc(symbol: string, bars: readonly PriceBar[]): QualityViolation[] {
  const out: QualityViolation[] = [];
  for (const b of bars) {
    const fault = describeOhlcFault(b);
    if (fault) out.push({ check: 'ohlc', symbol, period: b.date, line: fault.split(' ')[0]!, detail: fault });
  }
  return out;
}

/**
 * A listing name is whole: not empty, not ending in a hyphen, and not a lone word of one to three letters
 * other than the ticker itself (what is left when "La-Z-Boy" or "T-Rex 2X Long…" is cut at the hyphen;
 * "IBM", "RH" and "3M" pass).
 */
export function describeNameFault(symbol: string, name: string): string | null {
  const n = name.trim();
  if (!n) return 'empty name';
  if (/[-‐–]$/.test(n)) return `name "${n}" ends with a hyphen`;
  const base = symbol.split(/[.$]/)[0]!;
  if (/^[A-Za-z]{1,3}$/.test(n) && n.toUpperCase() !== base.toUpperCase()) return `name "${n}" looks cut short`;
  return null;
}

export function checkListingNames(listings: ReadonlyArray<{ symbol: string; name: string }>): QualityViolation[] {
  const out: QualityViolation[] = [];
  for (const l of listings) {
    const fault = describeNameFault(l.symbol, l.name);
    if (fault) out.push({ check: 'listing_name', symbol: l.symbol, period: null, line: 'name', detail: fault });
  }
  return out;
}
