import type { AnalysisBody, AnalysisInputs, BuildOptions, FundamentalSubtype } from '../analysis-types.ts';
import { DCF_GROWTH_RANGE, DCF_PERIOD_DEFAULTS, selectCapmPair } from '../dcf/assumptions.ts';
import { buildDcfGrid, buildRateAxis, type DcfGrid } from '../dcf/grid.ts';
import { type ReverseDcfResult, solveImpliedGrowth } from '../dcf/reverse-dcf.ts';
import type { DcfCompanyInputs, DcfValuation, DcfWarning, DcfYear } from '../dcf/two-stage.ts';
import { extractDcfCompanyData } from '../dcf/company-inputs.ts';
import { type DcfStudioInputs, runDcfStudio } from '../dcf/studio.ts';
import type { DcfReport } from '../dcf/valuation.ts';
import type { WaccBreakdown } from '../dcf/wacc.ts';
import type { CompanyFinancials } from '../financials.ts';
import { checkDcfSanity, type DcfSanityFlag } from '../dcf/sanity-check.ts';
import { type EngineResult, fail, ok } from '../result.ts';
import { attributeDcf, attributeJustifiedPb } from '../attribution/dcf-attribution.ts';
import { putDriverFacts } from '../attribution/driver-facts.ts';
import { writeNote } from '../writer/index.ts';
import { buildCompanyView, findNewestFiling } from './company.ts';
import type { MeasuredBeta } from '../valuation/beta.ts';
import { buildRevenueFcffGrid } from '../valuation/fcff-projection.ts';
import type { NormalisedBase } from '../valuation/normalised-base.ts';
import type { MultipleValue } from '../valuation/relative-value.ts';
import {
  type Affo,
  type BlendPart,
  type Ddm,
  type JustifiedPb,
  MODEL_LABELS,
  type Scenario,
  type ValuationModel,
  type Verdict,
  valueCompany,
} from '../valuation/value-company.ts';
import { buildDcfStudioSetup } from './dcf-studio.ts';
import { FactSheet, type MissingFact } from './facts.ts';
import { toValuationContext } from './valuation-context.ts';

/** Explicit-period growth comes from history, clamped (the range lives with the other DCF defaults). */
export { DCF_GROWTH_RANGE };

interface DcfAssumptions {
  /** Fraction a year, after clamping. */
  explicit_growth: number;
  /** The historical CAGR it came from (fraction), which line and over how many years; null = no history, 0 used. */
  growth_history: { line: 'free_cash_flow' | 'revenue' | 'revenue_per_share'; years: number; cagr: number; median?: number } | null;
  growth_clamped: boolean;
  beta: number;
  /** `calibrated`: own weekly (monthly) beta, Blume-adjusted, averaged with the sector's bottom-up beta, floored; `user_input`: the studio's. */
  beta_basis: 'calibrated' | 'user_input';
  /** How the beta was reached, in words. */
  beta_description: string;
  /** The regression beta before adjustment; null without enough price history. */
  raw_beta: number | null;
  risk_free_rate: { value: number; as_of: string; source: string };
  equity_risk_premium: { value: number; as_of: string; source: string };
  terminal_growth: number;
  explicit_years: number;
  fade_years: number;
}

/** The valuation's own working (issue 30): the model for the company's kind, its base, the cross-checks, the range and the blend. Null for a studio run on the user's inputs. */
interface ValuationSection {
  model: ValuationModel;
  model_label: string;
  model_reason: string;
  model_value_per_share: number;
  /** The cash flow the two-stage model grows from (normalised FCF, AFFO or dividends), USD; null for justified price-to-book. */
  base_usd: number | null;
  /** fcff: how the base cash flow was normalised. */
  base: NormalisedBase | null;
  affo: Affo | null;
  justified: JustifiedPb | null;
  beta: { own: MeasuredBeta | null; bottom_up: { beta: number; sector_unlevered: number; peers: number } | null; floored: boolean };
  scenarios: Scenario[];
  relative: MultipleValue[];
  ddm: Ddm | null;
  blend: { per_share: number; parts: BlendPart[] };
  range: { bear: number; base: number; bull: number };
  verdict: Verdict;
}

export interface DcfSections {
  assumptions: DcfAssumptions;
  /** The discount rate; for the equity models (banks, insurers, REITs) the cost of equity at an all-equity weight. */
  wacc: WaccBreakdown;
  /** Each projected year: growth, cash flow, discount factor, present value (empty for justified price-to-book). */
  years: DcfYear[];
  terminal: { value_usd: number; present_value_usd: number; share_of_enterprise_value: number } | null;
  bridge: { enterprise_value_usd: number; total_debt_usd: number; cash_usd: number; nci_usd: number; equity_value_usd: number; shares_diluted: number } | null;
  /** The blended central value (the model's own value for a studio run). */
  fair_value_per_share: number;
  price: number;
  reverse: ReverseDcfResult | null;
  /** Per-share value over discount rate × terminal growth, the centre being the model's own pair (null for justified price-to-book). */
  grid: DcfGrid | null;
  valuation: ValuationSection | null;
  /** Where the result sits outside the bands an analyst would accept, and the input that drives it (core/analysis/dcf/sanity-check.ts). */
  sanity: DcfSanityFlag[];
  /** The terminal-value warning (and a negative-equity one) in words. */
  warnings: DcfWarning[];
  /** Lines taken as 0 because not reported. */
  assumed_zero: string[];
  missing: MissingFact[];
}

/** The studio's run in the shape of `runDcfValuation`'s report, its WACC as a breakdown whose debt and tax rates are the user's. */
function runWithStudioInputs(inputs: AnalysisInputs, financials: CompanyFinancials, priceUsd: number, s: DcfStudioInputs): EngineResult<DcfReport> {
  const data = extractDcfCompanyData(financials);
  if (!data.ok) return data;
  // The studio's own company figures (the normalised base, no bridge for an equity model): the note's value
  // is then the one a saved valuation of the same inputs computes.
  const setup = buildDcfStudioSetup(inputs);
  if (!setup.ok) return setup;
  const company = { ...data.value, ...setup.value.company };
  const run = runDcfStudio(setup.value.company, s);
  if (!run.ok) return run;
  const { wacc: w, valuation, reverse, grid } = run.value;
  const wacc: WaccBreakdown = {
    capm: { riskFreeRate: s.risk_free_rate, equityRiskPremium: s.equity_risk_premium, beta: s.beta },
    costOfEquity: w.costOfEquity,
    costOfDebt: { rate: s.cost_of_debt, basis: 'user_input', measured: null },
    tax: { rate: s.tax_rate, basis: 'user_input', measured: null },
    costOfDebtAfterTax: w.costOfDebtAfterTax,
    marketCapUsd: priceUsd * (company.sharesDiluted ?? 0),
    totalDebtUsd: company.totalDebtUsd,
    equityWeight: w.equityWeight,
    debtWeight: w.debtWeight,
    wacc: w.wacc,
  };
  // A price is always given here, so the reverse DCF always ran.
  return ok({ company, wacc, valuation, reverse: reverse!, grid });
}

export { adjustBeta } from './dcf-studio.ts';

const VERDICT_WORDS: Record<Verdict, string> = { undervalued: 'Undervalued', about_fair: 'About fair', overvalued: 'Overvalued' };

/** The model's own pair of inputs, for the reverse DCF and the grid (the two-stage models only). */
function runReverseAndGrid(
  inputs: DcfCompanyInputs,
  p: { discountRate: number; terminalGrowth: number; explicitGrowth: number; explicitYears: number; fadeYears: number },
) {
  const periods = { explicitYears: p.explicitYears, fadeYears: p.fadeYears };
  const reverse = solveImpliedGrowth(inputs, { ...periods, discountRate: p.discountRate, terminalGrowth: p.terminalGrowth });
  const grid = buildDcfGrid(
    inputs,
    { ...periods, explicitGrowth: p.explicitGrowth },
    { discountRates: buildRateAxis(p.discountRate, 0.005, 10), terminalGrowths: buildRateAxis(p.terminalGrowth, 0.005, 10) },
  );
  return { reverse: reverse.ok ? reverse.value : null, grid: grid.ok ? grid.value : null };
}

/**
 * The company's valuation on the statements filed by the data day at that day's price (issue 30): the
 * model its kind calls for (core/analysis/valuation/value-company.ts) on a normalised base and a
 * calibrated cost of capital, cross-checked by sector multiples (and dividends for stable payers), with a
 * bear/base/bull range, a blended central value and a sanity check.
 *
 * With `options.dcfInputs` (the studio's "Save with a written note"), every assumption is the user's:
 * the WACC comes from their CAPM and debt inputs rather than the statements, through the same
 * `runDcfStudio` the page runs, and the fair value is their model's alone.
 */
export function buildDcf(
  inputs: AnalysisInputs,
  _subtype: FundamentalSubtype | null = null,
  options: BuildOptions = {},
): EngineResult<AnalysisBody<DcfSections>> {
  const viewResult = buildCompanyView(inputs);
  if (!viewResult.ok) return viewResult;
  const view = viewResult.value;
  if (!view.market.ok) return view.market;
  const { priceUsd, priceDate } = view.market.value;
  const user = options.dcfInputs ?? null;
  // The dated pair the valuation discounts with (the market service's), said with its as-of in the assumptions.
  const pair = selectCapmPair(inputs.capm);
  const data = extractDcfCompanyData(view.financials);
  if (!data.ok) return data;
  const company = data.value;

  const sheet = new FactSheet();
  const filed = findNewestFiling(view.latest);
  const asOf = filed > priceDate ? filed : priceDate;
  const model = { period: `FY${company.fiscalYear} base, price of ${priceDate}`, source: 'computed', as_of: asOf };
  const assumption = (as_of: string) => ({ period: 'assumption', source: 'computed', as_of });

  let valuation: ValuationSection | null = null;
  let assumptions: DcfAssumptions;
  let wacc: WaccBreakdown;
  let v: DcfValuation | null;
  let reverse: ReverseDcfResult | null;
  let grid: DcfGrid | null;
  let fairValue: number;
  let baseLabel: string;

  if (user) {
    const report = runWithStudioInputs(inputs, view.financials, priceUsd, user);
    if (!report.ok) {
      const e = report.error;
      if (e.code === 'missing_input' && e.input === 'free_cash_flow')
        return fail(
          e.code,
          e.input,
          `A DCF needs free cash flow, and ${inputs.symbol}'s latest annual report filed by ${inputs.asOf} gives neither it nor operating cash flow and capex.`,
        );
      return report;
    }
    ({ wacc, reverse, grid } = report.value);
    v = report.value.valuation;
    fairValue = v.perShareUsd;
    baseLabel = `Free cash flow, FY${company.fiscalYear}`;
    assumptions = {
      explicit_growth: user.explicit_growth,
      growth_history: null,
      growth_clamped: false,
      beta: user.beta,
      beta_basis: 'user_input',
      beta_description: 'your input',
      raw_beta: null,
      risk_free_rate: { value: user.risk_free_rate, source: 'your input', as_of: pair.riskFreeRate.asOf },
      equity_risk_premium: { value: user.equity_risk_premium, source: 'your input', as_of: pair.equityRiskPremium.asOf },
      terminal_growth: v.terminal.growth,
      explicit_years: v.parameters.explicitYears,
      fade_years: v.parameters.fadeYears,
    };
    sheet.skip('growth_history', 'the growth typed in the DCF studio was used instead', 'Historical growth');
  } else {
    const result = valueCompany(toValuationContext(inputs, view, company, priceUsd));
    if (!result.ok) return result;
    const c = result.value;
    wacc = c.wacc;
    v = c.dcf;
    fairValue = c.blend.perShareUsd;
    const periods = { explicitYears: DCF_PERIOD_DEFAULTS.explicitYears, fadeYears: DCF_PERIOD_DEFAULTS.fadeYears };
    if (v) {
      const equityFlow = c.model !== 'fcff';
      const modelInputs: DcfCompanyInputs = equityFlow
        ? { baseFcfUsd: v.baseFcfUsd, sharesDiluted: v.sharesDiluted, totalDebtUsd: 0, cashUsd: 0, nciUsd: 0, priceUsd }
        : { ...company, baseFcfUsd: v.baseFcfUsd, priceUsd };
      if (c.revenueBuilt) {
        // Built year by year from revenue: the grid re-runs that projection; a reverse DCF on one growing cash flow would not match it.
        reverse = null;
        grid = buildRevenueFcffGrid(
          c.revenueBuilt,
          { ...periods, explicitGrowth: c.explicitGrowth },
          { discountRates: buildRateAxis(wacc.wacc, 0.005, 10), terminalGrowths: buildRateAxis(c.terminalGrowth, 0.005, 10) },
        );
      } else
        ({ reverse, grid } = runReverseAndGrid(modelInputs, {
          ...periods,
          discountRate: wacc.wacc,
          terminalGrowth: c.terminalGrowth,
          explicitGrowth: c.explicitGrowth,
        }));
    } else {
      reverse = null;
      grid = null;
    }
    baseLabel =
      c.model === 'affo'
        ? `AFFO, FY${company.fiscalYear}`
        : c.model === 'ddm'
          ? `Dividends paid, FY${company.fiscalYear}`
          : c.base?.method === 'nopat_minus_reinvestment'
            ? `Free cash flow, FY${company.fiscalYear}: after-tax operating profit less the reinvestment growth needs`
            : c.base?.method === 'average_fcf_margin'
              ? `Free cash flow, FY${company.fiscalYear} revenue at the ${c.base.years.length}-year average margin`
              : `Free cash flow, FY${company.fiscalYear}`;
    assumptions = {
      explicit_growth: c.explicitGrowth,
      growth_history: c.model === 'fcff' || c.model === 'affo' ? c.growthSource : null,
      growth_clamped: c.growthClamped,
      beta: c.beta.beta,
      beta_basis: 'calibrated',
      beta_description: c.beta.basis,
      raw_beta: c.beta.own?.raw ?? null,
      risk_free_rate: { value: c.riskFreeRate, as_of: pair.riskFreeRate.asOf, source: pair.riskFreeRate.source },
      equity_risk_premium: { value: c.equityRiskPremium, as_of: pair.equityRiskPremium.asOf, source: pair.equityRiskPremium.source },
      terminal_growth: c.terminalGrowth,
      explicit_years: periods.explicitYears,
      fade_years: periods.fadeYears,
    };
    valuation = {
      model: c.model,
      model_label: MODEL_LABELS[c.model],
      model_reason: c.modelReason,
      model_value_per_share: c.modelPerShareUsd,
      base_usd: c.dcf?.baseFcfUsd ?? null,
      base: c.base,
      affo: c.affo,
      justified: c.justified,
      beta: {
        own: c.beta.own,
        bottom_up: c.beta.bottomUp ? { beta: c.beta.bottomUp.beta, sector_unlevered: c.beta.bottomUp.sectorUnlevered, peers: c.beta.bottomUp.peers } : null,
        floored: c.beta.floored,
      },
      scenarios: c.scenarios,
      relative: c.relative,
      ddm: c.ddm,
      blend: { per_share: c.blend.perShareUsd, parts: c.blend.parts },
      range: { bear: c.range.bearUsd, base: c.range.baseUsd, bull: c.range.bullUsd },
      verdict: c.verdict,
    };
    if (c.model === 'justified_pb' || c.model === 'ddm')
      sheet.skip(
        'growth_history',
        c.model === 'ddm' ? 'the dividend model grows dividends at their own record' : 'justified price-to-book grows book value at terminal growth',
        'Historical growth',
      );
    else if (c.growthSource) {
      sheet.put(
        'growth_history',
        c.growthSource.median,
        { period: `${c.growthSource.years}y to FY${company.fiscalYear}`, source: 'computed', as_of: filed },
        { scale: 100, label: `Median yearly revenue${c.growthSource.line === 'revenue_per_share' ? ' per share' : ''} growth, ${c.growthSource.years} years` },
      );
    } else sheet.skip('growth_history', 'revenue has fewer than three years of history; 0 % assumed', 'Historical growth');
  }

  sheet.put('fair_value_per_share', fairValue, model);
  // The model alone (the studio's run: the user's model): what the attribution explains, input by input.
  sheet.put('model_value_per_share', valuation?.model_value_per_share ?? fairValue, model);
  sheet.put('price', priceUsd, { period: priceDate, source: inputs.daily?.source ?? 'computed', as_of: priceDate });
  sheet.put('upside_percent', fairValue / priceUsd - 1, model, { scale: 100 });
  if (valuation) {
    sheet.putLabel('valuation_model', valuation.model_label, model);

    sheet.put('fair_value_low', valuation.range.bear, model);
    sheet.put('fair_value_high', valuation.range.bull, model);
    sheet.putLabel('valuation_verdict', VERDICT_WORDS[valuation.verdict], model);
    const relative = valuation.blend.parts.find((p) => p.method === 'relative');
    if (relative) sheet.put('relative_value_per_share', relative.perShareUsd, { ...model, source: 'computed' });
    else sheet.skip('relative_value_per_share', 'fewer than five sector peers with a positive multiple, or no positive earnings, EBITDA or book value');
    if (valuation.ddm) sheet.put('ddm_value_per_share', valuation.ddm.perShareUsd, model);
    if (valuation.justified) {
      sheet.put('justified_price_to_book', valuation.justified.priceToBook, model);
      sheet.put(
        'roe_average',
        valuation.justified.roe,
        { period: `FY${valuation.justified.roeYears[0]}–FY${valuation.justified.roeYears.at(-1)}`, source: 'computed', as_of: filed },
        { scale: 100 },
      );
    }
    if (valuation.affo) sheet.put('affo', valuation.affo.affoUsd, { period: `FY${company.fiscalYear}`, source: 'computed', as_of: filed });
    if (valuation.beta.bottom_up) sheet.put('bottom_up_beta', valuation.beta.bottom_up.beta, assumption(asOf));
  }
  if (valuation && valuation.model !== 'fcff') sheet.skip('wacc', `${valuation.model_label} discounts at the cost of equity: a WACC does not apply`);
  else sheet.put('wacc', wacc.wacc, model, { scale: 100 });
  if (v) sheet.put('terminal_growth', v.terminal.growth, assumption(asOf), { scale: 100 });
  if (v)
    sheet.put('explicit_growth', assumptions.explicit_growth, assumption(filed), {
      scale: 100,
      label: user ? 'Growth, explicit years (your input)' : undefined,
    });
  const betaWindow = valuation?.beta.own;
  const betaOrigin = betaWindow ? { period: `${betaWindow.from} to ${betaWindow.to}`, source: 'computed', as_of: betaWindow.to } : assumption(asOf);
  sheet.put('beta', assumptions.beta, betaOrigin, { label: user ? 'Beta (your input)' : undefined });
  if (assumptions.raw_beta !== null) sheet.put('raw_beta', assumptions.raw_beta, betaOrigin);
  sheet.put('cost_of_equity', wacc.costOfEquity, model, { scale: 100 });
  if (!valuation || valuation.model === 'fcff') {
    sheet.put('cost_of_debt', wacc.costOfDebt.rate, model, { scale: 100 });
    if (wacc.costOfDebt.rating)
      sheet.putLabel('synthetic_rating', wacc.costOfDebt.rating.rating, { period: `FY${company.fiscalYear}`, source: 'computed', as_of: filed });
  }
  sheet.put('risk_free_rate', assumptions.risk_free_rate.value, assumption(assumptions.risk_free_rate.as_of), { scale: 100 });
  sheet.put('equity_risk_premium', assumptions.equity_risk_premium.value, assumption(assumptions.equity_risk_premium.as_of), { scale: 100 });
  if (v) {
    sheet.put('base_fcf', v.baseFcfUsd, { period: `FY${company.fiscalYear}`, source: 'computed', as_of: filed }, { label: baseLabel });
    sheet.put('enterprise_value_dcf', v.enterpriseValueUsd, model);
    sheet.put('terminal_value_share', v.terminal.shareOfEnterpriseValue, model, { scale: 100 });
  }
  if (reverse?.status === 'solved') sheet.put('implied_growth', reverse.impliedGrowth, model, { scale: 100 });
  else if (!reverse && valuation?.base?.method === 'nopat_minus_reinvestment')
    sheet.skip('implied_growth', 'the cash flows are built year by year from revenue, so no single growth rate maps to the price');
  else if (reverse)
    sheet.skip(
      'implied_growth',
      reverse.side === 'price_below_bracket' ? 'the price is below the value at any growth searched' : 'the price is above the value at any growth searched',
    );

  const sections: DcfSections = {
    assumptions,
    wacc,
    years: v?.years ?? [],
    terminal: v
      ? { value_usd: v.terminal.valueUsd, present_value_usd: v.terminal.presentValueUsd, share_of_enterprise_value: v.terminal.shareOfEnterpriseValue }
      : null,
    bridge: v
      ? {
          enterprise_value_usd: v.enterpriseValueUsd,
          total_debt_usd: v.bridge.totalDebtUsd,
          cash_usd: v.bridge.cashUsd,
          nci_usd: v.bridge.nciUsd,
          equity_value_usd: v.equityValueUsd,
          shares_diluted: v.sharesDiluted,
        }
      : null,
    fair_value_per_share: fairValue,
    price: priceUsd,
    reverse,
    grid,
    valuation,
    warnings: v?.warnings ?? [],
    sanity: checkDcfSanity({
      financials: view.financials,
      baseFcfUsd: v?.baseFcfUsd ?? 0,
      perShareUsd: fairValue,
      priceUsd,
      wacc: wacc.wacc,
      terminalShare: v?.terminal.shareOfEnterpriseValue ?? 0,
      explicitGrowth: assumptions.explicit_growth,
      growthClamped: assumptions.growth_clamped,
      financial: valuation ? valuation.model !== 'fcff' : false,
      normalised: valuation?.base?.method !== undefined && valuation.base.method !== 'latest_fcf',
    }),
    assumed_zero: company.assumedZero,
    missing: sheet.missing,
  };
  const attribution = v ? [attributeDcf(v)] : valuation?.justified ? [attributeJustifiedPb(valuation.justified)] : [];
  putDriverFacts(sheet, attribution);
  const caution = sections.sanity[0] ? `Read with care: ${sections.sanity[0].message}` : undefined;
  const note = writeNote('dcf', null, sheet.facts, { symbol: inputs.symbol, name: inputs.profile.name, attribution, ...(caution ? { caution } : {}) });
  return ok({ kind: 'dcf', subtype: null, symbol: inputs.symbol, as_of: inputs.asOf, facts: sheet.facts, note, sections, attribution });
}
