import { type CompanyFinancials, valueOf as reportedValue } from '../financials.ts';
import { freeCashFlowOf } from '../fundamentals/statement-lines.ts';

/*
 * A sanity check on every DCF result (issue 30, item 5): arithmetic done right on inputs no analyst would
 * use still gives AMZN "$3.68 a share". A result outside these bands is flagged with the input that drives
 * it, and the note says so before the number. The bands are ours, stated here and in docs/dcf.md.
 */

/** A fair value below 0.4× or above 2.5× the price is flagged. */
export const FAIR_VALUE_BAND = { low: 0.4, high: 2.5 } as const;
/** Terminal value above this share of enterprise value is flagged. */
export const TERMINAL_SHARE_LIMIT = 0.85;
/** A non-financial company's WACC outside this range is flagged. */
export const WACC_RANGE = { min: 0.05, max: 0.15 } as const;
/** A base-year free cash flow this far from its recent average is called the driver (below half, above double). */
const BASE_FCF_BAND = { low: 0.5, high: 2 } as const;
const AVERAGE_YEARS = 5;
/** Capex above this multiple of depreciation marks a company investing for growth. */
const CAPEX_OVER_DEPRECIATION = 1.5;

type DcfSanityCode = 'fair_value_far_below_price' | 'fair_value_far_above_price' | 'terminal_value_over_limit' | 'wacc_out_of_range';

export interface DcfSanityFlag {
  code: DcfSanityCode;
  /** A short title for the flag's banner. */
  title: string;
  /** What is off and which input drives it, in words (no figures: the facts table has them). */
  message: string;
  /** The fact key of the driving input (`base_fcf`, `wacc`, `beta`, `explicit_growth`, `terminal_value_share`). */
  input: string;
}

export interface DcfSanityInputs {
  financials: CompanyFinancials;
  baseFcfUsd: number;
  perShareUsd: number;
  priceUsd: number;
  wacc: number;
  terminalShare: number;
  explicitGrowth: number;
  growthClamped: boolean;
  /** Banks, insurers and REITs (equity models): the WACC band is not applied. */
  financial: boolean;
  /** The base is already normalised over the cycle: the latest year's cash flow is not what drives the value. */
  normalised?: boolean;
}

/** Mean free cash flow of the last five fiscal years (at least three reported), or null. */
function averageFcf(f: CompanyFinancials): number | null {
  const values = f.annual
    .slice(-AVERAGE_YEARS)
    .map((p) => freeCashFlowOf(p))
    .filter((v): v is number => v !== null);
  return values.length >= 3 ? values.reduce((a, b) => a + b, 0) / values.length : null;
}

/** Capex over depreciation in the latest fiscal year: well above 1 is a company investing for growth. */
function measureReinvestment(f: CompanyFinancials): number | null {
  const p = f.annual.at(-1);
  const capex = p ? reportedValue(p, 'capital_expenditure') : null;
  const da = p ? reportedValue(p, 'depreciation_amortization') : null;
  return capex !== null && da !== null && da > 0 ? Math.abs(capex) / da : null;
}

/** Which input most likely drives a value far from the price: the base year, the discount rate, then growth. */
function findDriver(x: DcfSanityInputs, below: boolean): { input: string; why: string } {
  const reinvestment = x.normalised ? null : measureReinvestment(x.financials);
  if (below && reinvestment !== null && reinvestment > CAPEX_OVER_DEPRECIATION)
    return {
      input: 'base_fcf',
      why: 'capital spending runs well above depreciation (the company is investing for growth), which depresses the free cash flow the forecast starts from',
    };
  const avg = x.normalised ? null : averageFcf(x.financials);
  if (avg !== null && avg > 0) {
    const ratio = x.baseFcfUsd / avg;
    if (below && ratio < BASE_FCF_BAND.low)
      return {
        input: 'base_fcf',
        why: "the latest year's free cash flow is well under its recent average (a capex cycle or a bad year), and the forecast grows from it",
      };
    if (!below && ratio > BASE_FCF_BAND.high)
      return { input: 'base_fcf', why: "the latest year's free cash flow is far above its recent average, and the forecast grows from it" };
  }
  if (!below && x.wacc < WACC_RANGE.min) return { input: 'wacc', why: 'the discount rate is unusually low, mostly from a low measured beta' };
  if (below && x.wacc > WACC_RANGE.max) return { input: 'wacc', why: 'the discount rate is unusually high' };
  if (x.growthClamped)
    return { input: 'explicit_growth', why: 'the growth history was outside the range the model accepts, so the forecast growth was capped' };
  return { input: 'explicit_growth', why: 'the growth the forecast assumes differs from what the price implies' };
}

/** The flags of one result, most important first; empty when the result sits inside every band. */
export function checkDcfSanity(x: DcfSanityInputs): DcfSanityFlag[] {
  const flags: DcfSanityFlag[] = [];
  const ratio = x.priceUsd > 0 ? x.perShareUsd / x.priceUsd : null;
  if (ratio !== null && ratio < FAIR_VALUE_BAND.low) {
    const d = findDriver(x, true);
    flags.push({
      code: 'fair_value_far_below_price',
      title: 'Far below the price: read with care',
      message: `The fair value is far below the price, because ${d.why}. Treat it as a flag to look into, not as a price target.`,
      input: d.input,
    });
  } else if (ratio !== null && ratio > FAIR_VALUE_BAND.high) {
    const d = findDriver(x, false);
    flags.push({
      code: 'fair_value_far_above_price',
      title: 'Far above the price: read with care',
      message: `The fair value is far above the price, because ${d.why}. Treat it as a flag to look into, not as a price target.`,
      input: d.input,
    });
  }
  if (x.terminalShare > TERMINAL_SHARE_LIMIT)
    flags.push({
      code: 'terminal_value_over_limit',
      title: 'Mostly terminal value',
      message: 'Almost all of the value lies beyond the forecast years, so small changes to terminal growth or the discount rate move it a lot.',
      input: 'terminal_value_share',
    });
  if (!x.financial && (x.wacc < WACC_RANGE.min || x.wacc > WACC_RANGE.max))
    flags.push({
      code: 'wacc_out_of_range',
      title: x.wacc < WACC_RANGE.min ? 'An unusually low discount rate' : 'An unusually high discount rate',
      message:
        x.wacc < WACC_RANGE.min
          ? 'The discount rate is below what investors ask of almost any company, mostly because the measured beta is low; the value is likely too high.'
          : 'The discount rate is above what investors ask of almost any established company; the value is likely too low.',
      input: x.wacc < WACC_RANGE.min ? 'beta' : 'wacc',
    });
  return flags;
}
