import { fiscalYearOf, labelAnnualPeriod, labelQuarterPeriod } from './fiscal.ts';
import { applyFactor, chooseMissingFactor, missingFactorCandidates, type SplitEvent } from './split-adjust.ts';
import { LINE_DEFS } from './statements.ts';
import type { Figure, StatementSet } from './types.ts';

/** Normalised values of one company: period end → line key → cell. */
type PeriodCells<C extends { value: number }> = Map<string, Map<string, C>>;

const dayOf = (iso: string) => Date.parse(`${iso}T00:00:00Z`) / 86_400_000;

/**
 * Restates EPS, dividends per share and diluted share counts for later splits, period by period
 * (see split-adjust.ts for why each figure is checked on its own). Share counts are checked against
 * `sharesRef(end)`; per-share values against net income (or dividends paid) / adjusted shares.
 * Mutates the cells; returns how many figures changed.
 */
export function restateForSplits<C extends { value: number }>(
  periods: PeriodCells<C>,
  splits: readonly SplitEvent[],
  sharesRef: (end: string) => number | null,
  /**
   * A rougher per-share reference where the period has no total to divide (BKNG's quarters have EPS and
   * no net income): used only when it decides by a clear margin, else the figure is assumed raw as before.
   */
  roughPerShareRef?: (end: string, key: 'eps_diluted' | 'dividends_per_share') => number | null,
): number {
  let adjusted = 0;
  for (const [end, m] of periods) {
    const candidates = missingFactorCandidates(end, splits);
    if (candidates.length === 1) continue;
    const shares = m.get('shares_diluted');
    if (shares) {
      const f = chooseMissingFactor(shares.value, sharesRef(end), candidates, 'share_count');
      if (f !== 1) {
        shares.value = applyFactor(shares.value, f, 'share_count');
        adjusted++;
      }
    }
    const adjShares = shares?.value ?? sharesRef(end);
    for (const [key, totalKey] of [
      ['eps_diluted', 'net_income'],
      ['dividends_per_share', 'dividends_paid'],
    ] as const) {
      const cell = m.get(key);
      if (!cell) continue;
      const total = m.get(totalKey)?.value;
      const ref = total !== undefined && adjShares ? total / adjShares : null;
      const rough = ref === null ? (roughPerShareRef?.(end, key) ?? null) : null;
      const f =
        rough !== null && isDecisive(cell.value, rough, candidates)
          ? chooseMissingFactor(cell.value, rough, candidates, 'per_share')
          : chooseMissingFactor(cell.value, ref, candidates, 'per_share', true);
      if (f !== 1) {
        cell.value = applyFactor(cell.value, f, 'per_share');
        adjusted++;
      }
    }
  }
  return adjusted;
}

/** A rough reference decides when its best candidate beats every other by more than a factor of 2 (a quarter is not a quarter of the year). */
function isDecisive(value: number, reference: number, candidates: readonly number[]): boolean {
  if (value === 0 || reference === 0 || Math.sign(value) !== Math.sign(reference)) return false;
  const d = candidates.map((f) => Math.abs(Math.log(value / f / reference))).sort((a, b) => a - b);
  return d.length > 1 && d[1]! - d[0]! > Math.log(2);
}

/** The annual share count nearest in time to `end`: the reference for quarterly per-share checks. */
export function nearestShares<C extends { value: number }>(annual: PeriodCells<C>, end: string): number | null {
  let best: number | null = null;
  let bestD = Number.POSITIVE_INFINITY;
  for (const [e, m] of annual) {
    const s = m.get('shares_diluted');
    if (!s) continue;
    const d = Math.abs(dayOf(e) - dayOf(end));
    if (d < bestD) {
      bestD = d;
      best = s.value;
    }
  }
  return best;
}

/** Free cash flow = operating cash flow − capex where the source does not give it. */
export function deriveFreeCashFlow<C extends { value: number }>(periods: PeriodCells<C>, make: (value: number, ocf: C, capex: C) => C): void {
  for (const m of periods.values()) {
    const ocf = m.get('operating_cash_flow');
    const capex = m.get('capital_expenditure');
    if (!m.has('free_cash_flow') && ocf && capex) m.set('free_cash_flow', make(ocf.value - capex.value, ocf, capex));
  }
}

/** Periods worth showing: those with revenue, net income or total assets, the latest `keep` of them. */
export function selectPeriodEnds<C>(periods: Map<string, Map<string, C>>, keep: number): string[] {
  return [...periods.keys()]
    .filter((e) => ['revenue', 'net_income', 'total_assets'].some((k) => periods.get(e)!.has(k)))
    .sort()
    .slice(-keep);
}

/** Builds the API's statement set from figures per period (absent line = every value null = "—"). */
export function buildStatementSet(periods: Map<string, Map<string, Figure>>, kind: 'annual' | 'quarterly', keep: number): StatementSet {
  const ends = selectPeriodEnds(periods, keep);
  const set: StatementSet = {
    periods: ends.map((end) => ({ end, fiscal_year: fiscalYearOf(end), label: kind === 'annual' ? labelAnnualPeriod(end) : labelQuarterPeriod(end) })),
    income: [],
    balance: [],
    cash_flow: [],
  };
  for (const def of LINE_DEFS) {
    if (!ends.some((e) => periods.get(e)!.has(def.key))) continue;
    set[def.statement].push({
      key: def.key,
      label: def.label,
      unit: def.unit,
      values: ends.map((e) => periods.get(e)!.get(def.key) ?? { value: null, source: null, as_of: null }),
    });
  }
  return set;
}
