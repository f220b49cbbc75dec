import { beforeAll, describe, expect, it } from 'vitest';
import { openBundledAnalysisData } from '../../../server/adapters/market-data/bundled/analysis-inputs.ts';
import type { DcfSections } from '../runs/dcf.ts';
import { analysisBuilders, checkAvailability } from '../runs/index.ts';
import { CALIBRATION_TARGETS, summariseCalibration } from './calibration.ts';

/*
 * Issue 30's properties over every covered company of the snapshot: a fair value finite and positive or a
 * refusal with its reason; the range ordered bear ≤ central ≤ bull; the blend's weights summing to 1; every
 * non-financial WACC within 5–15 %; and the calibration summary computed from the same results.
 */
type Row = { symbol: string; s: DcfSections; sector: string | null };
const rows: Row[] = [];
const refusals: Array<{ symbol: string; reason: string; code: string }> = [];

beforeAll(async () => {
  const data = openBundledAnalysisData();
  const listings = await data.provider.listings();
  for (const symbol of listings.file.symbol) {
    const listing = await data.provider.getListing(symbol);
    if (!listing?.coverage.history) continue;
    const profile = await data.provider.getProfile!(symbol);
    if (!profile || checkAvailability('dcf', { profile, coverage: listing.coverage })) continue;
    const r = analysisBuilders.dcf(await data.load(symbol), null);
    if (r.ok) rows.push({ symbol, s: r.value.sections as DcfSections, sector: profile.sector });
    else refusals.push({ symbol, reason: r.error.message, code: r.error.code });
  }
}, 240_000);

describe('the valuation over the universe', () => {
  it('values most covered companies and refuses the rest with a reason in words', () => {
    expect(rows.length).toBeGreaterThan(400);
    for (const r of refusals) {
      expect(r.reason.length, r.symbol).toBeGreaterThan(20);
      expect(r.reason, r.symbol).not.toMatch(/\b[a-z]+_[a-z_]+\b/);
    }
  });

  it('every fair value is finite and positive, and the range is ordered bear ≤ central ≤ bull', () => {
    const bad = rows.filter(({ s }) => {
      const v = s.valuation!;
      return !(
        Number.isFinite(s.fair_value_per_share) &&
        s.fair_value_per_share > 0 &&
        v.range.bear <= v.range.base &&
        v.range.base <= v.range.bull &&
        v.range.bear >= 0
      );
    });
    expect(bad.map((b) => b.symbol)).toEqual([]);
  });

  it('the blend is the weighted sum of its parts, with weights summing to 1', () => {
    for (const { symbol, s } of rows) {
      const parts = s.valuation!.blend.parts;
      expect(
        parts.reduce((a, p) => a + p.weight, 0),
        symbol,
      ).toBeCloseTo(1, 12);
      expect(
        parts.reduce((a, p) => a + p.weight * p.perShareUsd, 0),
        symbol,
      ).toBeCloseTo(s.fair_value_per_share, 6);
    }
  });

  it('every non-financial WACC sits within 5–15 %; equity models discount at the cost of equity', () => {
    const out = rows.filter(({ s }) => s.valuation!.model === 'fcff' && (s.wacc.wacc < 0.05 || s.wacc.wacc > 0.15));
    expect(out.map((r) => `${r.symbol} ${r.s.wacc.wacc}`)).toEqual([]);
    for (const { s } of rows.filter((r) => r.s.valuation!.model !== 'fcff')) expect(s.wacc.wacc).toBe(s.wacc.costOfEquity);
  });

  it('banks and insurers are valued on equity, REITs on AFFO, utilities on dividends', () => {
    const model = (symbol: string) => rows.find((r) => r.symbol === symbol)?.s.valuation?.model;
    expect(model('JPM')).toBe('justified_pb');
    expect(model('O')).toBe('affo');
    expect(model('DUK')).toBe('ddm');
    expect(model('AAPL')).toBe('fcff');
  });

  it('the calibration summary: median price ÷ fair value within 0.8–1.25 and every non-financial WACC in range', () => {
    const summary = summariseCalibration(
      rows.map(({ symbol, s, sector }) => ({
        symbol,
        sector,
        marketCapUsd: s.wacc.marketCapUsd,
        priceUsd: s.price,
        fairValueUsd: s.fair_value_per_share,
        wacc: s.valuation!.model === 'fcff' ? s.wacc.wacc : null,
        beta: s.assumptions.beta,
        financial: s.valuation!.model !== 'fcff',
        flag: s.sanity[0] ? { code: s.sanity[0].code, input: s.sanity[0].input } : null,
        method: s.valuation!.model,
      })),
      refusals,
    );
    expect(summary.priceToValue.median).toBeGreaterThanOrEqual(CALIBRATION_TARGETS.medianPriceToValue.min);
    expect(summary.priceToValue.median).toBeLessThanOrEqual(CALIBRATION_TARGETS.medianPriceToValue.max);
    expect(summary.targets.wacc).toBe(true);
    expect(summary.targets.largest).toBe(true);
  });
});
