import { computeQuantile } from '../dcf/presets.ts';
import type { CompanyFinancials } from '../financials.ts';
import type { SectorTable } from '../fundamentals/sector-grades.ts';
import { lineOf } from '../fundamentals/statement-lines.ts';
import { computeTrailingFlow } from '../fundamentals/trailing-twelve-months.ts';

/*
 * The relative cross-check (issue 30, item 4): what the company's own figures are worth at its sector's
 * median multiples, and at the sector's quartile multiples for the range. The multiples come from the
 * sector table's yields (earnings ÷ price, EBITDA ÷ EV, book ÷ price), the same distributions the grades
 * rank on; only positive yields count, since a negative one is no multiple.
 */

export type MultipleKind = 'pe' | 'ev_ebitda' | 'pb';
export const MULTIPLE_LABELS: Record<MultipleKind, string> = { pe: 'P/E', ev_ebitda: 'EV/EBITDA', pb: 'P/B' };
const YIELD_KEY = { pe: 'earnings_yield', ev_ebitda: 'ebitda_to_ev', pb: 'book_to_price' } as const;
/** Peers with a positive yield needed before a sector multiple is used. */
const MIN_MULTIPLE_PEERS = 5;

export interface MultipleValue {
  multiple: MultipleKind;
  /** The sector's median multiple, and its 25th and 75th percentile (low multiple = high yield). */
  sectorMedian: number;
  sectorLow: number;
  sectorHigh: number;
  peers: number;
  /** The company's own figure the multiple applies to (EPS per share, EBITDA USD, book USD). */
  figure: number;
  /** Per share at the median, low and high multiple. */
  perShare: { low: number; median: number; high: number };
}

interface RelativeInputs {
  financials: CompanyFinancials;
  sector: string | null;
  table: SectorTable | null;
  shares: number;
  /** Net of debt, cash and NCI, for EV multiples: debt − cash + NCI. */
  netDebtUsd: number;
  multiples: readonly MultipleKind[];
}

/** The sector's multiple at yield quantile q (the median multiple is the inverse of the median yield). */
function sectorMultiples(table: SectorTable | null, sector: string | null, kind: MultipleKind) {
  const yields = sector ? table?.sectors[sector]?.distributions[YIELD_KEY[kind]] : undefined;
  const positive = (yields ?? []).filter((y) => y > 0);
  if (positive.length < MIN_MULTIPLE_PEERS) return null;
  return {
    median: 1 / computeQuantile(positive, 0.5),
    // A low multiple is a high yield.
    low: 1 / computeQuantile(positive, 0.75),
    high: 1 / computeQuantile(positive, 0.25),
    peers: positive.length,
  };
}

/** The company's value at each requested sector multiple it has a positive figure for. */
export function computeRelativeValues(x: RelativeInputs): MultipleValue[] {
  const out: MultipleValue[] = [];
  const last = x.financials.annual.at(-1);
  for (const kind of x.multiples) {
    const m = sectorMultiples(x.table, x.sector, kind);
    if (!m) continue;
    let figure: number | null = null;
    let toPerShare: (multiple: number) => number;
    if (kind === 'pe') {
      const eps = computeTrailingFlow(x.financials, 'eps_diluted');
      figure = eps.ok ? eps.value.value : null;
      toPerShare = (multiple) => figure! * multiple;
    } else if (kind === 'ev_ebitda') {
      figure = lineOf(last, 'ebitda');
      toPerShare = (multiple) => (figure! * multiple - x.netDebtUsd) / x.shares;
    } else {
      figure = lineOf(last, 'total_equity');
      toPerShare = (multiple) => (figure! * multiple) / x.shares;
    }
    if (figure === null || !(figure > 0)) continue;
    const perShare = { low: toPerShare(m.low), median: toPerShare(m.median), high: toPerShare(m.high) };
    // An EV multiple can leave nothing for shareholders once debt is paid: no value to cross-check with.
    if (!(perShare.median > 0)) continue;
    out.push({ multiple: kind, sectorMedian: m.median, sectorLow: m.low, sectorHigh: m.high, peers: m.peers, figure, perShare });
  }
  return out;
}
