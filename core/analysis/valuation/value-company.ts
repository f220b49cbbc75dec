import type { CapmPair } from '../../market/reference-data.ts';
import { DCF_GROWTH_RANGE, selectCapmPair, DCF_PERIOD_DEFAULTS, MIN_RATE_MINUS_GROWTH, RATE_EPSILON } from '../dcf/assumptions.ts';
import type { DcfCompanyData } from '../dcf/company-inputs.ts';
import { clampGrowth, computeQuantile, PRESET_TERMINAL_SPREAD } from '../dcf/presets.ts';
import { computeDcf, type DcfParameters, type DcfValuation } from '../dcf/two-stage.ts';
import { computeCostOfEquity, computeEffectiveTaxRate, computeWacc, type WaccBreakdown } from '../dcf/wacc.ts';
import type { CompanyFinancials } from '../financials.ts';
import { type Affo, computeAffo } from '../fundamentals/affo.ts';
import { type CompanyClass, isReit } from '../fundamentals/company-class.ts';

export { type Affo, computeAffo } from '../fundamentals/affo.ts';
import type { SectorTable } from '../fundamentals/sector-grades.ts';
import { lineOf } from '../fundamentals/statement-lines.ts';
import { type EngineResult, fail, ok } from '../result.ts';
import { type CalibratedBeta, type ClosesLike, calibrateBeta, measureBeta } from './beta.ts';
import { projectFcffFromRevenue, type RevenueFcffInputs } from './fcff-projection.ts';
import { type NormalisedBase, normaliseFcfBase } from './normalised-base.ts';
import { computeRelativeValues, MULTIPLE_LABELS, type MultipleKind, type MultipleValue } from './relative-value.ts';

/*
 * One company's valuation (issue 30): the model its kind calls for, on a normalised base and a calibrated
 * cost of capital, a relative cross-check from its sector's multiples, a dividend discount cross-check for
 * stable payers, a bear/base/bull range and a blended central value with its weights. The formulas of
 * core/analysis/dcf/ are unchanged; this decides what feeds them.
 */

export type ValuationModel = 'fcff' | 'justified_pb' | 'affo' | 'ddm';
export type Verdict = 'undervalued' | 'about_fair' | 'overvalued';

export const MODEL_LABELS: Record<ValuationModel, string> = {
  fcff: 'DCF on free cash flow',
  justified_pb: 'Justified price-to-book',
  affo: 'DCF on AFFO',
  ddm: 'Dividend discount model',
};

/** Blend weights by model: the model, the sector multiples, the dividend discount model (when it applies). */
const BLEND_WEIGHTS: Record<ValuationModel, { model: number; relative: number; ddm: number }> = {
  fcff: { model: 0.5, relative: 0.3, ddm: 0.2 },
  justified_pb: { model: 0.6, relative: 0.4, ddm: 0 },
  affo: { model: 0.5, relative: 0.3, ddm: 0.2 },
  ddm: { model: 0.6, relative: 0.4, ddm: 0 },
};
/** The multiples each model cross-checks with. */
const MULTIPLES: Record<ValuationModel, MultipleKind[]> = {
  fcff: ['pe', 'ev_ebitda'],
  justified_pb: ['pb', 'pe'],
  affo: ['ev_ebitda'],
  ddm: ['pe', 'ev_ebitda'],
};

/** A stable payer (dividend cross-check): a dividend in each of the last five fiscal years and a beta below this, or a utility. */
const STABLE_PAYER = { years: 5, maxBeta: 0.9 } as const;
/** Fiscal years a bank's or insurer's return on equity is averaged over, and the fewest. */
const ROE_YEARS = { max: 5, min: 3 } as const;

export interface ValuationContext {
  symbol: string;
  financials: CompanyFinancials;
  company: DcfCompanyData;
  companyClass: CompanyClass;
  sector: string | null;
  industry: string | null;
  priceUsd: number;
  asOf: string;
  series: ClosesLike | null;
  interval: 'daily' | 'monthly';
  benchmark: ClosesLike | null;
  sectorTable: SectorTable | null;
  /** The dated risk-free/ERP pair to discount with; absent: the shipped one (CAPM_DEFAULTS). */
  capm?: CapmPair | null;
}

export interface Scenario {
  name: 'bear' | 'base' | 'bull';
  growth: number;
  terminalGrowth: number;
  /** justified_pb: the return on equity the scenario assumes. */
  roe?: number;
  perShareUsd: number;
}

export interface JustifiedPb {
  bookValuePerShare: number;
  /** Σ net income ÷ Σ average equity over the window (fraction). */
  roe: number;
  roeYears: number[];
  costOfEquity: number;
  growth: number;
  /** (ROE − g) ÷ (cost of equity − g). */
  priceToBook: number;
  perShareUsd: number;
}

export interface Ddm {
  dividendsUsd: number;
  growth: number;
  perShareUsd: number;
}

export interface BlendPart {
  method: 'model' | 'relative' | 'ddm';
  label: string;
  weight: number;
  perShareUsd: number;
}

interface CompanyValuation {
  model: ValuationModel;
  modelReason: string;
  beta: CalibratedBeta;
  riskFreeRate: number;
  equityRiskPremium: number;
  costOfEquity: number;
  /** The discount rate's breakdown; for the equity models, the cost of equity at an all-equity weight. */
  wacc: WaccBreakdown;
  explicitGrowth: number;
  /** The record the growth comes from: its compound rate and its median year (the growth used, before clamping). */
  growthSource: { line: GrowthLine; years: number; cagr: number; median: number } | null;
  growthClamped: boolean;
  terminalGrowth: number;
  base: NormalisedBase | null;
  affo: Affo | null;
  justified: JustifiedPb | null;
  /** The two-stage engine's run of the model (fcff, affo, ddm); null for justified P/B. */
  dcf: DcfValuation | null;
  /** The inputs of the year-by-year revenue projection, when the company is investing for growth (else null). */
  revenueBuilt: RevenueFcffInputs | null;
  modelPerShareUsd: number;
  scenarios: Scenario[];
  relative: MultipleValue[];
  ddm: Ddm | null;
  blend: { perShareUsd: number; parts: BlendPart[] };
  range: { bearUsd: number; baseUsd: number; bullUsd: number };
  verdict: Verdict;
}

const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

/** Which model a company's kind calls for. */
function chooseModel(companyClass: CompanyClass, sector: string | null, industry: string | null): { model: ValuationModel; reason: string } {
  if (companyClass === 'bank' || companyClass === 'insurer')
    return {
      model: 'justified_pb',
      reason: `a ${companyClass === 'bank' ? 'bank' : 'insurer'}'s debt and float are its raw material, so free cash flow and a WACC mean little: it is valued on its equity, at the price-to-book its return on equity justifies`,
    };
  if (isReit(sector, industry))
    return {
      model: 'affo',
      reason: 'a REIT pays out its property cash flow, which depreciation understates: it is valued on adjusted funds from operations (AFFO)',
    };
  if (sector === 'Utilities')
    return {
      model: 'ddm',
      reason:
        'a utility funds its grid with debt and pays its earnings out, so its free cash flow is often negative by design: it is valued on the dividends it pays',
    };
  return { model: 'fcff', reason: 'it is an operating business, valued on the free cash flow it generates' };
}

type GrowthLine = 'revenue' | 'revenue_per_share';

/**
 * Revenue's compound growth over five fiscal years (three when five are missing), per diluted share when
 * that is lower: growth bought with new shares (an acquisition paid in stock, a REIT's equity raises) is
 * not growth for today's shareholders, whose value the model divides by today's share count. Growth
 * that buybacks flatter per share is taken on the total.
 */
function measureRevenueGrowth(f: CompanyFinancials): { line: GrowthLine; cagr: number; years: number; yearly: number[] } | null {
  const revenues = f.annual.map((p) => lineOf(p, 'revenue'));
  const shares = f.annual.map((p) => lineOf(p, 'shares_diluted'));
  const compound = (values: number[], years: number) => ({
    cagr: (values.at(-1)! / values[0]!) ** (1 / years) - 1,
    yearly: values.slice(1).map((v, i) => v / values[i]! - 1),
  });
  for (const years of [5, 3]) {
    const recent = revenues.slice(-(years + 1));
    if (recent.length < years + 1 || recent.some((v) => v === null || !(v > 0))) continue;
    const total = compound(recent as number[], years);
    const counts = shares.slice(-(years + 1));
    if (counts.every((c) => c !== null && c > 0)) {
      const perShare = compound(
        (recent as number[]).map((r, i) => r / counts[i]!),
        years,
      );
      if (perShare.cagr < total.cagr) return { line: 'revenue_per_share', years, ...perShare };
    }
    return { line: 'revenue', years, ...total };
  }
  return null;
}

/** Σ net income ÷ Σ average equity over the last up to five fiscal years, and each year's ROE. */
function measureRoe(f: CompanyFinancials): { roe: number; years: number[]; yearly: number[] } | null {
  const rows: Array<{ fy: number; ni: number; eq: number }> = [];
  const periods = f.annual.slice(-(ROE_YEARS.max + 1));
  for (let i = 1; i < periods.length; i++) {
    const ni = lineOf(periods[i], 'net_income');
    const e0 = lineOf(periods[i - 1], 'total_equity');
    const e1 = lineOf(periods[i], 'total_equity');
    if (ni === null || e0 === null || e1 === null || !(e0 + e1 > 0)) continue;
    rows.push({ fy: periods[i]!.fiscalYear, ni, eq: (e0 + e1) / 2 });
  }
  if (rows.length < ROE_YEARS.min) return null;
  return { roe: sum(rows.map((r) => r.ni)) / sum(rows.map((r) => r.eq)), years: rows.map((r) => r.fy), yearly: rows.map((r) => r.ni / r.eq) };
}

/** Justified P/B = (ROE − g) ÷ (k_e − g), × book value per share. */
export function computeJustifiedPb(x: { bookValuePerShare: number; roe: number; costOfEquity: number; growth: number }): number {
  return ((x.roe - x.growth) / (x.costOfEquity - x.growth)) * x.bookValuePerShare;
}

function isStablePayer(f: CompanyFinancials, sector: string | null, beta: number): boolean {
  const last = f.annual.slice(-STABLE_PAYER.years);
  const paidEveryYear = last.length === STABLE_PAYER.years && last.every((p) => (lineOf(p, 'dividends_paid') ?? 0) > 0);
  return paidEveryYear && (sector === 'Utilities' || beta < STABLE_PAYER.maxBeta);
}

/** Per-share value of an equity cash flow through the two-stage engine: discounted at the cost of equity, no debt bridge. */
function valueEquityFlow(baseUsd: number, shares: number, p: DcfParameters): EngineResult<DcfValuation> {
  return computeDcf({ baseFcfUsd: baseUsd, sharesDiluted: shares, totalDebtUsd: 0, cashUsd: 0, nciUsd: 0, priceUsd: null }, p);
}

const verdictOf = (price: number, r: { bearUsd: number; bullUsd: number }): Verdict =>
  price < r.bearUsd ? 'undervalued' : price > r.bullUsd ? 'overvalued' : 'about_fair';

/** Dividends paid over the last six fiscal years (five yearly changes), oldest first; null unless paid in each. */
function readDividendRecord(f: CompanyFinancials): { latest: number; cagr: number; yearly: number[] } | null {
  const paid = f.annual.slice(-6).map((p) => lineOf(p, 'dividends_paid'));
  if (paid.length < 4 || paid.some((v) => v === null || !(v > 0))) return null;
  const values = paid as number[];
  const yearly = values.slice(1).map((v, i) => v / values[i]! - 1);
  return { latest: values.at(-1)!, cagr: (values.at(-1)! / values[0]!) ** (1 / yearly.length) - 1, yearly };
}

/**
 * The company's valuation by the model its kind calls for. A company whose free cash flow cannot value it
 * (a non-positive normalised base, debt beyond its enterprise value) but which pays a steady dividend is
 * valued on its dividends instead; otherwise it is refused with the reason.
 */
export function valueCompany(x: ValuationContext): EngineResult<CompanyValuation> {
  const chosen = chooseModel(x.companyClass, x.sector, x.industry);
  const first = valueCompanyWith(x, chosen);
  if (first.ok || chosen.model !== 'fcff' || first.error.code !== 'not_applicable' || !readDividendRecord(x.financials)) return first;
  const fallback = valueCompanyWith(x, {
    model: 'ddm',
    reason: `its free cash flow does not value it (${first.error.message.replace(/:.*$/, '')}), but it has paid a dividend every year: it is valued on its dividends`,
  });
  return fallback.ok ? fallback : first;
}

function valueCompanyWith(x: ValuationContext, chosen: { model: ValuationModel; reason: string }): EngineResult<CompanyValuation> {
  const d = x.company;
  const shares = d.sharesDiluted;
  if (shares === null || !(shares > 0)) return fail('missing_input', 'shares_diluted', `${x.symbol} reports no diluted share count: no per-share value.`);
  const { model, reason: modelReason } = chosen;
  const financial = model === 'justified_pb';
  const pair = selectCapmPair(x.capm);
  const rf = pair.riskFreeRate.value;
  const erp = pair.equityRiskPremium.value;
  const marketCapUsd = x.priceUsd * shares;
  const tax = computeEffectiveTaxRate(d);
  const own = x.series && x.benchmark ? measureBeta(x.series, x.benchmark, x.asOf, x.interval) : null;
  const beta = calibrateBeta(own, x.sector ? (x.sectorTable?.unleveredBetas?.[x.sector] ?? null) : null, {
    debtToEquity: marketCapUsd > 0 ? d.totalDebtUsd / marketCapUsd : 0,
    taxRate: tax.rate,
    financial,
  });
  const capm = { riskFreeRate: rf, equityRiskPremium: erp, beta: beta.beta };
  const costOfEquity = computeCostOfEquity(capm);
  // Terminal growth never above the risk-free rate: no company outgrows the economy's nominal yield forever.
  const terminalGrowth = Math.min(DCF_PERIOD_DEFAULTS.terminalGrowth, rf);
  const periods = { explicitYears: DCF_PERIOD_DEFAULTS.explicitYears, fadeYears: DCF_PERIOD_DEFAULTS.fadeYears };
  const growthRecord = measureRevenueGrowth(x.financials);
  // The median year, not the compound rate: a CAGR measured from a trough (XOM from 2020) or across one
  // acquisition year is not the business's pace; the bear and bull cases are the same record's quartiles.
  const rawGrowth = growthRecord ? computeQuantile(growthRecord.yearly, 0.5) : 0;
  const explicitGrowth = clampGrowth(rawGrowth);
  const q = (p: number) => (growthRecord && growthRecord.yearly.length >= 3 ? clampGrowth(computeQuantile(growthRecord.yearly, p)) : explicitGrowth);
  const scenarioGrowth = {
    bear: Math.min(explicitGrowth, q(0.25)),
    base: explicitGrowth,
    bull: Math.max(explicitGrowth, q(0.75)),
  };
  const scenarioTerminal = { bear: terminalGrowth - PRESET_TERMINAL_SPREAD, base: terminalGrowth, bull: Math.min(rf, terminalGrowth + PRESET_TERMINAL_SPREAD) };
  const names = ['bear', 'base', 'bull'] as const;

  let wacc: WaccBreakdown;
  let base: NormalisedBase | null = null;
  let affo: Affo | null = null;
  let justified: JustifiedPb | null = null;
  let dcf: DcfValuation | null = null;
  let revenueBuilt: RevenueFcffInputs | null = null;
  let scenarios: Scenario[];

  const equityOnly = (): WaccBreakdown => ({
    capm,
    costOfEquity,
    costOfDebt: { rate: 0, basis: 'user_input', measured: null },
    tax,
    costOfDebtAfterTax: 0,
    marketCapUsd,
    totalDebtUsd: d.totalDebtUsd,
    equityWeight: 1,
    debtWeight: 0,
    wacc: costOfEquity,
  });

  if (model === 'justified_pb') {
    wacc = equityOnly();
    const roe = measureRoe(x.financials);
    const equity = lineOf(x.financials.annual.at(-1), 'total_equity');
    if (!roe)
      return fail('missing_input', 'net_income', `Valuing ${x.symbol} on its equity needs three years of net income and equity, and its filings give fewer.`);
    if (equity === null || !(equity > 0))
      return fail('not_applicable', 'total_equity', `${x.symbol}'s book equity is not positive: a price-to-book value has nothing to multiply.`);
    if (costOfEquity - terminalGrowth < MIN_RATE_MINUS_GROWTH - RATE_EPSILON)
      return fail('not_applicable', 'terminal_growth', 'The cost of equity is within 1.5 points of terminal growth: the justified price-to-book is unbounded.');
    if (!(roe.roe > terminalGrowth))
      return fail('not_applicable', 'roe', `${x.symbol}'s return on equity does not exceed long-run growth: its equity earns less than it must.`);
    const bookValuePerShare = equity / shares;
    const perShare = computeJustifiedPb({ bookValuePerShare, roe: roe.roe, costOfEquity, growth: terminalGrowth });
    justified = {
      bookValuePerShare,
      roe: roe.roe,
      roeYears: roe.years,
      costOfEquity,
      growth: terminalGrowth,
      priceToBook: perShare / bookValuePerShare,
      perShareUsd: perShare,
    };
    const roeAt = { bear: Math.min(roe.roe, computeQuantile(roe.yearly, 0.25)), base: roe.roe, bull: Math.max(roe.roe, computeQuantile(roe.yearly, 0.75)) };
    scenarios = names.map((name) => ({
      name,
      growth: terminalGrowth,
      terminalGrowth,
      roe: roeAt[name],
      perShareUsd: Math.max(0, computeJustifiedPb({ bookValuePerShare, roe: roeAt[name], costOfEquity, growth: terminalGrowth })),
    }));
  } else {
    let baseUsd: number;
    let discountRate: number;
    let growth = explicitGrowth;
    if (model === 'ddm') {
      wacc = equityOnly();
      discountRate = costOfEquity;
      const record = readDividendRecord(x.financials);
      if (!record)
        return fail(
          'missing_input',
          'dividends_paid',
          `Valuing ${x.symbol} on its dividends needs four or more years of dividends paid, and its filings give fewer.`,
        );
      baseUsd = record.latest;
      // Dividends grow with the business: their own record, never below zero here, at most the growth cap.
      growth = Math.min(DCF_GROWTH_RANGE.max, Math.max(0, record.cagr));
      const dq = (p: number) => Math.min(DCF_GROWTH_RANGE.max, Math.max(0, computeQuantile(record.yearly, p)));
      scenarioGrowth.base = growth;
      scenarioGrowth.bear = Math.min(growth, dq(0.25));
      scenarioGrowth.bull = Math.max(growth, dq(0.75));
    } else if (model === 'affo') {
      wacc = equityOnly();
      discountRate = costOfEquity;
      affo = computeAffo(x.financials.annual.at(-1));
      if (!affo)
        return fail(
          'missing_input',
          'depreciation_amortization',
          `Valuing ${x.symbol} on AFFO needs its net income and depreciation (or its operating cash flow), and its latest filing gives neither.`,
        );
      if (!(affo.affoUsd > 0)) return fail('not_applicable', 'affo', `${x.symbol}'s AFFO is zero or negative: growing it does not value the REIT.`);
      baseUsd = affo.affoUsd;
    } else {
      const w = computeWacc({ ...d, priceUsd: x.priceUsd, operatingIncomeUsd: lineOf(x.financials.annual.at(-1), 'operating_income') }, capm);
      if (!w.ok) return w;
      wacc = w.value;
      discountRate = wacc.wacc;
      base = normaliseFcfBase(x.financials, { growth: explicitGrowth, taxRate: tax.rate });
      if (!base)
        return fail(
          'missing_input',
          'free_cash_flow',
          `A DCF needs free cash flow, and ${x.symbol}'s filings give neither it nor operating cash flow and capex.`,
        );
      if (base.method === 'nopat_minus_reinvestment')
        revenueBuilt = {
          revenueUsd: base.revenueUsd!,
          operatingMargin: base.operatingMargin!,
          taxRate: tax.rate,
          salesToCapital: base.salesToCapital!,
          sharesDiluted: shares,
          totalDebtUsd: d.totalDebtUsd,
          cashUsd: d.cashUsd,
          nciUsd: d.nciUsd,
          priceUsd: x.priceUsd,
        };
      // Built from revenue, this year's heavy reinvestment may leave little today and much later: the projection decides.
      else if (!(base.baseUsd > 0))
        return fail(
          'not_applicable',
          'free_cash_flow',
          `${x.symbol}'s normalised free cash flow is zero or negative (its cash flow margin over the cycle is not positive): a DCF does not value it.`,
        );
      baseUsd = base.baseUsd;
    }
    const built = revenueBuilt;
    const run = (g: number, tg: number) =>
      built
        ? projectFcffFromRevenue(built, { ...periods, discountRate, explicitGrowth: g, terminalGrowth: tg })
        : model === 'fcff'
          ? computeDcf({ ...d, baseFcfUsd: baseUsd, priceUsd: x.priceUsd }, { ...periods, discountRate, explicitGrowth: g, terminalGrowth: tg })
          : valueEquityFlow(baseUsd, shares, { ...periods, discountRate, explicitGrowth: g, terminalGrowth: tg });
    const main = run(growth, terminalGrowth);
    if (!main.ok) return main;
    dcf = main.value;
    scenarios = [];
    for (const name of names) {
      const r = name === 'base' ? main : run(scenarioGrowth[name], scenarioTerminal[name]);
      scenarios.push({
        name,
        growth: scenarioGrowth[name],
        terminalGrowth: scenarioTerminal[name],
        perShareUsd: r.ok ? Math.max(0, r.value.perShareUsd) : dcf.perShareUsd,
      });
    }
  }
  const modelPerShareUsd = justified ? justified.perShareUsd : dcf!.perShareUsd;
  if (!(modelPerShareUsd > 0))
    return fail(
      'not_applicable',
      'equity_value',
      `Debt and minority interests exceed ${x.symbol}'s enterprise value on these assumptions: the equity is worth nothing.`,
    );

  const relative = computeRelativeValues({
    financials: x.financials,
    sector: x.sector,
    table: x.sectorTable,
    shares,
    netDebtUsd: d.totalDebtUsd - d.cashUsd + d.nciUsd,
    multiples: MULTIPLES[model],
  });
  let ddm: Ddm | null = null;
  if (
    (model === 'fcff' || model === 'affo') &&
    isStablePayer(x.financials, x.sector, beta.beta) &&
    costOfEquity - terminalGrowth >= MIN_RATE_MINUS_GROWTH - RATE_EPSILON
  ) {
    const paid = x.financials.annual.map((p) => lineOf(p, 'dividends_paid')).slice(-6);
    const dividendsUsd = paid.at(-1)!;
    const first = paid[0];
    const g = first && first > 0 && paid.length === 6 ? (dividendsUsd / first) ** (1 / 5) - 1 : terminalGrowth;
    const growth = Math.min(DCF_GROWTH_RANGE.max, Math.max(0, g));
    const r = valueEquityFlow(dividendsUsd!, shares, { ...periods, discountRate: costOfEquity, explicitGrowth: growth, terminalGrowth });
    if (r.ok && r.value.perShareUsd > 0) ddm = { dividendsUsd: dividendsUsd!, growth, perShareUsd: r.value.perShareUsd };
  }

  const w = BLEND_WEIGHTS[model];
  const relativeMean = (pick: (m: MultipleValue) => number) => (relative.length ? sum(relative.map(pick)) / relative.length : null);
  const blendAt = (modelValue: number, rel: number | null, ddmValue: number | null) => {
    const parts: BlendPart[] = [{ method: 'model', label: MODEL_LABELS[model], weight: w.model, perShareUsd: modelValue }];
    if (rel !== null)
      parts.push({
        method: 'relative',
        label: `Sector multiples (${relative.map((m) => MULTIPLE_LABELS[m.multiple]).join(', ')})`,
        weight: w.relative,
        perShareUsd: rel,
      });
    if (ddmValue !== null) parts.push({ method: 'ddm', label: 'Dividend discount model', weight: w.ddm, perShareUsd: ddmValue });
    const total = sum(parts.map((p) => p.weight));
    for (const p of parts) p.weight /= total;
    return { perShareUsd: sum(parts.map((p) => p.weight * p.perShareUsd)), parts };
  };
  const byName = Object.fromEntries(scenarios.map((s) => [s.name, s.perShareUsd])) as Record<'bear' | 'base' | 'bull', number>;
  const blend = blendAt(
    modelPerShareUsd,
    relativeMean((m) => m.perShare.median),
    ddm?.perShareUsd ?? null,
  );
  const low = blendAt(
    byName.bear,
    relativeMean((m) => m.perShare.low),
    ddm?.perShareUsd ?? null,
  ).perShareUsd;
  const high = blendAt(
    byName.bull,
    relativeMean((m) => m.perShare.high),
    ddm?.perShareUsd ?? null,
  ).perShareUsd;
  const range = { bearUsd: Math.min(low, blend.perShareUsd), baseUsd: blend.perShareUsd, bullUsd: Math.max(high, blend.perShareUsd) };
  return ok({
    model,
    modelReason,
    beta,
    riskFreeRate: rf,
    equityRiskPremium: erp,
    costOfEquity,
    wacc,
    explicitGrowth: model === 'ddm' ? scenarioGrowth.base : explicitGrowth,
    growthSource: growthRecord ? { line: growthRecord.line, years: growthRecord.years, cagr: growthRecord.cagr, median: rawGrowth } : null,
    growthClamped: explicitGrowth !== rawGrowth,
    terminalGrowth,
    base,
    affo,
    justified,
    dcf,
    revenueBuilt,
    modelPerShareUsd,
    scenarios,
    relative,
    ddm,
    blend,
    range,
    verdict: verdictOf(x.priceUsd, range),
  });
}
