import type { CompanyFinancials } from '../financials.ts';
import { lineOf } from './statement-lines.ts';

/*
 * A REIT's funds from operations: what it values on (core/analysis/valuation) and pays its dividend from
 * (dividend safety's payout basis).
 */

/** REITs' recurring (maintenance) capex as a share of depreciation: the filings do not split it out (docs/dcf.md). */
const REIT_MAINTENANCE_CAPEX_SHARE = 0.15;

export interface Affo {
  ffoUsd: number;
  maintenanceCapexUsd: number;
  affoUsd: number;
  /** How FFO was reached: net income + depreciation, or operating cash flow where depreciation is not reported. */
  basis: 'net_income_plus_depreciation' | 'operating_cash_flow';
}

/**
 * FFO = net income + depreciation (Nareit's definition, less the gains on property sales the filings we
 * hold do not split out); where depreciation is not reported, operating cash flow, which adds it back.
 * AFFO = FFO − recurring capex: a stated share of depreciation (of operating cash flow's, when that is the
 * basis), at most the capex reported.
 */
export function computeAffo(p: CompanyFinancials['annual'][number] | undefined): Affo | null {
  const ni = lineOf(p, 'net_income');
  const da = lineOf(p, 'depreciation_amortization');
  const ocf = lineOf(p, 'operating_cash_flow');
  const capex = Math.abs(lineOf(p, 'capital_expenditure') ?? Number.POSITIVE_INFINITY);
  if (ni !== null && da !== null && da > 0) {
    const maintenanceCapexUsd = Math.min(capex, REIT_MAINTENANCE_CAPEX_SHARE * da);
    const ffoUsd = ni + da;
    return { ffoUsd, maintenanceCapexUsd, affoUsd: ffoUsd - maintenanceCapexUsd, basis: 'net_income_plus_depreciation' };
  }
  if (ocf === null) return null;
  // Without depreciation: depreciation is typically about half a REIT's operating cash flow, so the same share of that half.
  const maintenanceCapexUsd = Math.min(capex, REIT_MAINTENANCE_CAPEX_SHARE * Math.max(0, ocf) * 0.5);
  return { ffoUsd: ocf, maintenanceCapexUsd, affoUsd: ocf - maintenanceCapexUsd, basis: 'operating_cash_flow' };
}
