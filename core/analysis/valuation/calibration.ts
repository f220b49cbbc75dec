import { computeQuantile } from '../dcf/presets.ts';

/*
 * The whole-universe calibration of the valuation (issue 30, item 6): how far the fair values sit from the
 * market's prices, how the discount rates spread by sector, and which results are the largest outliers.
 * Pure: `scripts/valuation-calibrate.ts` values every company and writes the report from this summary.
 */

/** Targets the issue sets; the report says which are met. */
export const CALIBRATION_TARGETS = {
  /** Median price ÷ fair value within this range. */
  medianPriceToValue: { min: 0.8, max: 1.25 },
  /** "Beyond ±60 %": fair value under 0.4× or over 1.6× … measured as |price ÷ value − 1| > 0.6 (either side). */
  farShareMax: 0.1,
  farBand: 0.6,
  /** The 30 largest companies: fair value within 0.4×–2.5× the price, or flagged with a named reason. */
  largestCount: 30,
  largestBand: { low: 0.4, high: 2.5 },
  waccRange: { min: 0.05, max: 0.15 },
} as const;

export interface CalibrationRow {
  symbol: string;
  sector: string | null;
  marketCapUsd: number;
  priceUsd: number;
  /** The central (blended) fair value per share. */
  fairValueUsd: number;
  /** Null for banks and insurers (valued on equity, no WACC). */
  wacc: number | null;
  beta: number | null;
  financial: boolean;
  /** The driving input of the first sanity flag, when there is one. */
  flag: { code: string; input: string } | null;
  method: string;
}

export interface CalibrationRefusal {
  symbol: string;
  reason: string;
}

export interface Distribution {
  n: number;
  p25: number;
  median: number;
  p75: number;
  min: number;
  max: number;
}

interface CalibrationSummary {
  valued: number;
  refused: number;
  priceToValue: Distribution;
  /** Share of companies whose price ÷ value is beyond ±60 %. */
  farShare: number;
  waccBySector: Array<{ sector: string; wacc: Distribution; beta: Distribution }>;
  waccOutOfRange: CalibrationRow[];
  outliers: Array<CalibrationRow & { priceToValue: number }>;
  largest: Array<CalibrationRow & { priceToValue: number; withinBand: boolean }>;
  refusalsByReason: Array<{ reason: string; count: number; symbols: string[] }>;
  targets: { median: boolean; farShare: boolean; largest: boolean; wacc: boolean };
}

export function describeDistribution(values: readonly number[]): Distribution {
  if (values.length === 0) return { n: 0, p25: Number.NaN, median: Number.NaN, p75: Number.NaN, min: Number.NaN, max: Number.NaN };
  return {
    n: values.length,
    p25: computeQuantile(values, 0.25),
    median: computeQuantile(values, 0.5),
    p75: computeQuantile(values, 0.75),
    min: Math.min(...values),
    max: Math.max(...values),
  };
}

const priceToValueOf = (r: CalibrationRow) => r.priceUsd / r.fairValueUsd;
/** Distance from fair on a log scale, so 0.5× and 2× are equally far. */
const farness = (ratio: number) => Math.abs(Math.log(ratio));

export function summariseCalibration(rows: readonly CalibrationRow[], refusals: readonly CalibrationRefusal[], outlierCount = 20): CalibrationSummary {
  const t = CALIBRATION_TARGETS;
  const ratios = rows.map(priceToValueOf);
  const priceToValue = describeDistribution(ratios);
  const farShare = rows.length ? ratios.filter((r) => Math.abs(r - 1) > t.farBand).length / rows.length : 0;
  const sectors = [...new Set(rows.map((r) => r.sector ?? 'Unknown'))].sort();
  const waccBySector = sectors.map((sector) => {
    const inSector = rows.filter((r) => (r.sector ?? 'Unknown') === sector);
    return {
      sector,
      wacc: describeDistribution(inSector.flatMap((r) => (r.wacc === null ? [] : [r.wacc]))),
      beta: describeDistribution(inSector.flatMap((r) => (r.beta === null ? [] : [r.beta]))),
    };
  });
  const waccOutOfRange = rows.filter((r) => !r.financial && r.wacc !== null && (r.wacc < t.waccRange.min || r.wacc > t.waccRange.max));
  const withRatio = rows.map((r) => ({ ...r, priceToValue: priceToValueOf(r) }));
  const outliers = [...withRatio].sort((a, b) => farness(b.priceToValue) - farness(a.priceToValue)).slice(0, outlierCount);
  const largest = [...withRatio]
    .sort((a, b) => b.marketCapUsd - a.marketCapUsd)
    .slice(0, t.largestCount)
    .map((r) => {
      const valueToPrice = 1 / r.priceToValue;
      return { ...r, withinBand: valueToPrice >= t.largestBand.low && valueToPrice <= t.largestBand.high };
    });
  const byReason = new Map<string, string[]>();
  for (const r of refusals) byReason.set(r.reason, [...(byReason.get(r.reason) ?? []), r.symbol]);
  return {
    valued: rows.length,
    refused: refusals.length,
    priceToValue,
    farShare,
    waccBySector,
    waccOutOfRange,
    outliers,
    largest,
    refusalsByReason: [...byReason].map(([reason, symbols]) => ({ reason, count: symbols.length, symbols })).sort((a, b) => b.count - a.count),
    targets: {
      median: priceToValue.median >= t.medianPriceToValue.min && priceToValue.median <= t.medianPriceToValue.max,
      farShare: farShare <= t.farShareMax,
      largest: largest.every((r) => r.withinBand || r.flag !== null),
      wacc: waccOutOfRange.length === 0,
    },
  };
}
