import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { computeDcf, type DcfCompanyInputs, type DcfParameters } from './two-stage.ts';

// Rates drawn in whole basis points so two draws are either equal or clearly apart.
const bp = (min: number, max: number) => fc.integer({ min, max }).map((x) => x / 10_000);

const company = fc.record<DcfCompanyInputs>({
  baseFcfUsd: fc.double({ min: 1, max: 1e11, noNaN: true }),
  sharesDiluted: fc.double({ min: 1, max: 1e10, noNaN: true }),
  totalDebtUsd: fc.double({ min: 0, max: 1e11, noNaN: true }),
  cashUsd: fc.double({ min: 0, max: 1e11, noNaN: true }),
  nciUsd: fc.double({ min: 0, max: 1e10, noNaN: true }),
  priceUsd: fc.constant(null),
});

const parameters = fc
  .record({
    discountRate: bp(300, 2500),
    explicitGrowth: bp(-4000, 8000),
    explicitYears: fc.integer({ min: 1, max: 15 }),
    fadeYears: fc.integer({ min: 0, max: 10 }),
    spread: bp(150, 1000),
  })
  .map(({ spread, ...p }): DcfParameters => ({ ...p, terminalGrowth: p.discountRate - spread }));

const computePerShare = (c: DcfCompanyInputs, p: DcfParameters) => {
  const r = computeDcf(c, p);
  if (!r.ok) throw new Error(r.error.message);
  return r.value.perShareUsd;
};

describe('DCF properties (positive FCF)', () => {
  it('per-share value falls strictly as the discount rate rises', () => {
    fc.assert(
      fc.property(company, parameters, bp(1, 500), (c, p, step) => {
        expect(computePerShare(c, { ...p, discountRate: p.discountRate + step })).toBeLessThan(computePerShare(c, p));
      }),
    );
  });

  it('per-share value rises strictly with explicit growth', () => {
    fc.assert(
      fc.property(company, parameters, bp(1, 2000), (c, p, step) => {
        expect(computePerShare(c, { ...p, explicitGrowth: p.explicitGrowth + step })).toBeGreaterThan(computePerShare(c, p));
      }),
    );
  });

  it('enterprise value rises with terminal growth while the guard holds (per share never falls)', () => {
    fc.assert(
      fc.property(company, parameters, bp(1, 100), (c, p, step) => {
        fc.pre(p.discountRate - (p.terminalGrowth + step) >= 0.015);
        // Enterprise value rises strictly; per share it may not move at all where the rise is below the
        // resolution of a double next to the debt (seed 752819961: FCF $1 shrinking 33 % a year for 15
        // years, 25 years of discounting at 24.4 %, against $537M of debt — a change of ~1e-8 on 5.4e8).
        const higher = computeDcf(c, { ...p, terminalGrowth: p.terminalGrowth + step });
        const lower = computeDcf(c, p);
        if (!higher.ok || !lower.ok) throw new Error('valuation refused');
        expect(higher.value.enterpriseValueUsd).toBeGreaterThan(lower.value.enterpriseValueUsd);
        expect(higher.value.perShareUsd).toBeGreaterThanOrEqual(lower.value.perShareUsd);
      }),
    );
  });

  it('any numbers (NaN and ±Infinity included) give either a valuation of finite numbers or a typed error', () => {
    const anyNumber = fc.oneof(fc.double(), fc.constant(null));
    fc.assert(
      fc.property(
        fc.record({
          baseFcfUsd: anyNumber,
          sharesDiluted: anyNumber,
          totalDebtUsd: fc.double(),
          cashUsd: fc.double(),
          nciUsd: fc.double(),
          priceUsd: anyNumber,
        }),
        fc.record({
          discountRate: fc.double(),
          explicitGrowth: fc.double(),
          terminalGrowth: fc.double(),
          explicitYears: fc.integer({ min: -2, max: 60 }),
          fadeYears: fc.integer({ min: -2, max: 60 }),
        }),
        (c, p) => {
          const r = computeDcf(c, p);
          if (!r.ok) {
            expect(r.error.input).toBeTruthy();
            return;
          }
          const v = r.value;
          for (const n of [v.enterpriseValueUsd, v.equityValueUsd, v.perShareUsd, v.terminal.valueUsd, ...v.years.map((y) => y.presentValueUsd)]) {
            // Extreme but finite draws (1e308 FCF) can overflow: those must not come back as numbers either.
            if (!Number.isFinite(n)) throw new Error(`non-finite ${n} for ${JSON.stringify({ c, p })}`);
          }
        },
      ),
      { numRuns: 2000 },
    );
  });
});
