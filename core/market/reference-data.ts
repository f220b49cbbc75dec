/**
 * Reference data of the market: the risk-free/ERP pair the DCF discounts with, and ETF facts. Pure: the Treasury's
 * answer is parsed and checked here (the adapter only fetches text), and the snapshot's values are combined with the
 * stored ones here (the store only reads rows).
 */

/** A rate as the DCF uses it: a fraction (0.0458 = 4.58 %), the day it is as of, and where it came from. */
export interface DatedRate {
  value: number;
  asOf: string;
  source: string;
}

/** The risk-free rate and the equity risk premium a valuation uses, each with its own as-of day and source. */
export interface CapmPair {
  riskFreeRate: DatedRate;
  equityRiskPremium: DatedRate;
}

/** One day of the 10-year par yield, in basis points (458 = 4.58 %). */
export interface TreasuryYieldDay {
  day: string;
  tenYearBps: number;
}

export type TreasuryParse = { ok: true; days: TreasuryYieldDay[] } | { ok: false; code: 'truncated_answer' | 'missing_field' | 'bad_rate'; reason: string };

export const TREASURY_SOURCE = 'US Treasury daily par yield curve, 10-year (home.treasury.gov)';

/** A par yield outside [0, 25 %] is a vendor fault, not a market: the US 10-year peaked near 15.8 % in 1981. */
export const MAX_RISK_FREE_BPS = 2_500;

const TEN_YEAR_COLUMN = '10 Yr';

const unquote = (s: string) => s.trim().replace(/^"(.*)"$/, '$1');

/** MM/DD/YYYY as the Treasury's CSV writes it → YYYY-MM-DD, or null. */
function toIsoDay(raw: string): string | null {
  const m = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(raw);
  if (!m) return null;
  const iso = `${m[3]}-${m[1]}-${m[2]}`;
  const d = new Date(`${iso}T00:00:00Z`);
  return Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== iso ? null : iso;
}

/**
 * Reads the Treasury's "Daily Treasury Par Yield Curve Rates" CSV (one calendar year a file, newest day first:
 * `Date,"1 Mo",…,"10 Yr",…`, dates MM/DD/YYYY, rates in percent to two decimals). The answer is taken whole or not
 * at all: no header with the 10-year column, a line with fewer fields than the header (a cut answer), a date that is
 * not a date, or a 10-year yield that is missing, not a number or outside 0–25 % refuses every day of it.
 */
export function parseTreasuryParYieldCsv(text: string): TreasuryParse {
  const lines = text.split(/\r?\n/).filter((l) => l.trim() !== '');
  if (lines.length === 0) return { ok: false, code: 'truncated_answer', reason: 'the Treasury answered with an empty body' };
  const header = lines[0]!.split(',').map(unquote);
  const col = header.indexOf(TEN_YEAR_COLUMN);
  if (header[0] !== 'Date' || col < 0)
    return {
      ok: false,
      code: 'missing_field',
      reason: `the Treasury's answer has no "Date" and "${TEN_YEAR_COLUMN}" columns (header: ${lines[0]!.slice(0, 80)})`,
    };
  const days: TreasuryYieldDay[] = [];
  const seen = new Set<string>();
  for (const [i, line] of lines.slice(1).entries()) {
    const cells = line.split(',').map(unquote);
    const where = `line ${i + 2}`;
    if (cells.length < header.length)
      return { ok: false, code: 'truncated_answer', reason: `${where} has ${cells.length} of ${header.length} fields: the answer was cut short` };
    const day = toIsoDay(cells[0]!);
    if (!day) return { ok: false, code: 'missing_field', reason: `${where}: "${cells[0]}" is not a MM/DD/YYYY date` };
    const raw = cells[col]!;
    const pct = raw === '' ? Number.NaN : Number(raw);
    if (!Number.isFinite(pct)) return { ok: false, code: 'missing_field', reason: `${day}: the 10-year yield "${raw}" is not a number` };
    const bps = Math.round(pct * 100);
    if (bps < 0 || bps > MAX_RISK_FREE_BPS)
      return { ok: false, code: 'bad_rate', reason: `${day}: a 10-year yield of ${raw} % is outside 0–25 %: a vendor fault, not a market` };
    if (seen.has(day)) return { ok: false, code: 'truncated_answer', reason: `${day} appears twice in the answer` };
    seen.add(day);
    days.push({ day, tenYearBps: bps });
  }
  return { ok: true, days: days.sort((a, b) => (a.day < b.day ? -1 : 1)) };
}

/** The newest of the snapshot's rate and a stored one: a stored rate wins only when it is newer (ties keep the snapshot). */
export const pickNewerRate = (base: DatedRate, stored: DatedRate | null): DatedRate => (stored && stored.asOf > base.asOf ? stored : base);

/** Basis points → the fraction the DCF uses (458 → 0.0458), without float noise. */
export const bpsToFraction = (bps: number): number => Math.round(bps) / 10_000;

/** A percent typed by an operator ("4.33") → basis points, or null when it is not a rate in (0, 25 %]. */
export function parsePercentToBps(raw: string): number | null {
  if (!/^\d+(\.\d{1,2})?$/.test(raw.trim())) return null;
  const bps = Math.round(Number(raw) * 100);
  return bps > 0 && bps <= MAX_RISK_FREE_BPS ? bps : null;
}

/** One ETF's facts as a load file gives them, in the bundled snapshot's format (data/companies.json.gz `etfs`). */
export interface EtfFactsLoad {
  etf: string;
  holdings: { asOf: string; list: Array<{ symbol: string; name: string; weightPct: number }> } | null;
  costs: { asOf: string; expenseRatioPct: number | null; dividendYieldPct: number | null; assetsMusd: number | null } | null;
}

const isDay = (v: unknown): v is string => typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`));
const numberOrNull = (v: unknown, lo: number, hi: number): number | null | undefined =>
  v === null || v === undefined ? null : typeof v === 'number' && Number.isFinite(v) && v >= lo && v < hi ? v : undefined;

/**
 * Reads ETF facts in the bundled format — `{ "etfs": { "SPY": { "holdings": [[symbol, name, weight %], …],
 * "holdings_as_of": "YYYY-MM-DD", "expense_ratio_pct": 0.09, "dividend_yield_pct": 1.49, "aum_musd": 381750,
 * "overview_as_of": "YYYY-MM-DD" } } }` (or the `etfs` object alone) — and checks it whole: a fund without a dated part,
 * a weight outside (0, 100], weights adding to more than 100.5 %, a date after `today` or a cost out of range refuses
 * the file with the reason. Returns the funds, or the reasons.
 */
export function parseEtfFactsFile(doc: unknown, today: string): { ok: true; funds: EtfFactsLoad[] } | { ok: false; reasons: string[] } {
  const root = doc && typeof doc === 'object' && 'etfs' in doc ? (doc as { etfs: unknown }).etfs : doc;
  if (!root || typeof root !== 'object' || Array.isArray(root)) return { ok: false, reasons: ['the file is not an object of ETFs by symbol'] };
  const reasons: string[] = [];
  const funds: EtfFactsLoad[] = [];
  for (const [etf, raw] of Object.entries(root as Record<string, unknown>)) {
    const e = (raw ?? {}) as Record<string, unknown>;
    const fund: EtfFactsLoad = { etf: etf.toUpperCase(), holdings: null, costs: null };
    if (e.holdings !== undefined && e.holdings !== null) {
      const asOf = e.holdings_as_of;
      if (!isDay(asOf) || asOf > today) reasons.push(`${etf}: holdings need a holdings_as_of day no later than ${today}`);
      else if (!Array.isArray(e.holdings) || e.holdings.length === 0) reasons.push(`${etf}: holdings must be a non-empty list of [symbol, name, weight %]`);
      else {
        const list = e.holdings.map((h) =>
          Array.isArray(h) ? { symbol: String(h[0] ?? '').trim(), name: String(h[1] ?? '').trim(), weightPct: Number(h[2]) } : null,
        );
        const bad = list.findIndex((h) => !h?.symbol || !(h.weightPct > 0 && h.weightPct <= 100));
        const total = list.reduce((s, h) => s + (h?.weightPct ?? 0), 0);
        if (bad >= 0) reasons.push(`${etf}: holding ${bad + 1} needs a symbol and a weight in (0, 100] %`);
        else if (total > 100.5) reasons.push(`${etf}: the weights add up to ${total.toFixed(2)} %, more than the fund`);
        else if (new Set(list.map((h) => h!.symbol)).size !== list.length) reasons.push(`${etf}: a holding is listed twice`);
        else fund.holdings = { asOf, list: list as Array<{ symbol: string; name: string; weightPct: number }> };
      }
    }
    const hasCosts = ['expense_ratio_pct', 'dividend_yield_pct', 'aum_musd'].some((k) => e[k] !== undefined && e[k] !== null);
    if (hasCosts) {
      const asOf = e.overview_as_of;
      const expense = numberOrNull(e.expense_ratio_pct, 0, 10);
      const yieldPct = numberOrNull(e.dividend_yield_pct, 0, 100);
      const assets = numberOrNull(e.aum_musd, 0, Number.POSITIVE_INFINITY);
      if (!isDay(asOf) || asOf > today) reasons.push(`${etf}: costs need an overview_as_of day no later than ${today}`);
      else if (expense === undefined || yieldPct === undefined || assets === undefined)
        reasons.push(`${etf}: expense ratio must be in [0, 10) %, yield in [0, 100) %, assets ≥ 0 (millions of USD)`);
      else fund.costs = { asOf, expenseRatioPct: expense, dividendYieldPct: yieldPct, assetsMusd: assets };
    }
    if (!fund.holdings && !fund.costs && !reasons.some((r) => r.startsWith(`${etf}:`))) reasons.push(`${etf}: neither holdings nor costs`);
    funds.push(fund);
  }
  return reasons.length > 0 ? { ok: false, reasons } : { ok: true, funds };
}
