import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { type CompanyFinancials, toCompanyFinancials } from '../../../../core/analysis/financials.ts';
import { computeAltman } from '../../../../core/analysis/fundamentals/altman.ts';
import { computeBeneish } from '../../../../core/analysis/fundamentals/beneish.ts';
import { classifyCompany } from '../../../../core/analysis/fundamentals/company-class.ts';
import { computeDividendSafety } from '../../../../core/analysis/fundamentals/dividend-safety.ts';
import { computeGradeMetrics } from '../../../../core/analysis/fundamentals/grade-metrics.ts';
import { computePiotroski } from '../../../../core/analysis/fundamentals/piotroski.ts';
import { computeRatios } from '../../../../core/analysis/fundamentals/ratios.ts';
import { gradeCompany } from '../../../../core/analysis/fundamentals/sector-grades.ts';
import { computeSloanAccruals } from '../../../../core/analysis/fundamentals/sloan-accruals.ts';
import type { EngineErrorCode } from '../../../../core/analysis/result.ts';
import {
  buildSectorTableFile,
  toFinancialsFromBundle,
  buildGradeInputs,
  readBundleInput,
  type SectorTableFile,
} from '../../../../scripts/build-sector-table.ts';
import { findAppRoot } from '../../../lib/app-root.ts';
import { BUNDLE_FILES } from './format.ts';
import { type BundledProvider, createBundledProvider } from './index.ts';

const dataDir = join(findAppRoot(), 'data');
const CODES: EngineErrorCode[] = ['series_too_short', 'invalid_value', 'missing_input', 'zero_denominator', 'invalid_parameter', 'not_applicable'];

interface Company {
  symbol: string;
  sector: string | null;
  financials: CompanyFinancials;
  companyClass: ReturnType<typeof classifyCompany>;
  inputs: ReturnType<typeof buildGradeInputs>;
}

let p: BundledProvider;
let universe: Company[];
let table: SectorTableFile;
beforeAll(async () => {
  p = createBundledProvider(dataDir);
  await p.store.preload();
  const symbols = Object.keys((await p.store.fundamentals()).fundamentals);
  universe = [];
  for (const symbol of symbols) {
    const profile = await p.getProfile!(symbol);
    if (profile?.type === 'etf') continue;
    const financials = toCompanyFinancials((await p.getFundamentals!(symbol))!);
    const series = (await p.store.series(symbol))?.series ?? null;
    universe.push({
      symbol,
      sector: profile?.sector ?? null,
      financials,
      companyClass: classifyCompany({ sector: profile?.sector ?? null, industry: profile?.industry ?? null, sicDescription: profile?.sic_description ?? null }),
      inputs: buildGradeInputs(financials, series),
    });
  }
  table = JSON.parse(gunzipSync(readFileSync(join(dataDir, BUNDLE_FILES.sectorTable))).toString('utf8')) as SectorTableFile;
});

/** Every number anywhere in a result is finite; every refusal is a known code with a message. */
function expectFiniteOrTyped(label: string, value: unknown): void {
  if (typeof value === 'number') expect(Number.isFinite(value), label).toBe(true);
  else if (Array.isArray(value)) {
    for (const [i, v] of value.entries()) expectFiniteOrTyped(`${label}[${i}]`, v);
  } else if (value && typeof value === 'object') {
    const o = value as Record<string, unknown>;
    if (o.ok === false) {
      const e = o.error as { code: EngineErrorCode; message: string; input: string };
      expect(CODES, `${label}: ${e.message}`).toContain(e.code);
      expect(e.message.length && e.input.length, label).toBeTruthy();
    }
    for (const [k, v] of Object.entries(o)) expectFiniteOrTyped(`${label}.${k}`, v);
  }
}

describe('fundamental engines over the whole bundled universe', () => {
  it('covers the S&P 500 (~505 stocks with fundamentals), nearly all with a price and a market cap', () => {
    expect(universe.length).toBeGreaterThan(490);
    expect(universe.filter((c) => c.inputs).length).toBeGreaterThan(480);
  });

  it('every ratio, score and grade is a finite number or a typed error, for every company', () => {
    for (const c of universe) {
      const market = c.inputs?.market ?? null;
      if (market) expectFiniteOrTyped(`${c.symbol} ratios`, computeRatios(c.financials, market));
      expectFiniteOrTyped(`${c.symbol} piotroski`, computePiotroski(c.financials));
      expectFiniteOrTyped(`${c.symbol} altman`, computeAltman(c.financials, c.companyClass, market?.marketCapUsd ?? null));
      expectFiniteOrTyped(`${c.symbol} beneish`, computeBeneish(c.financials));
      expectFiniteOrTyped(`${c.symbol} sloan`, computeSloanAccruals(c.financials));
      expectFiniteOrTyped(`${c.symbol} dividend safety`, computeDividendSafety(c.financials));
      if (c.inputs) {
        const metrics = computeGradeMetrics(c.financials, c.inputs.market, c.inputs.momentum, c.companyClass);
        expectFiniteOrTyped(`${c.symbol} grade metrics`, metrics);
        // A bank is never graded on enterprise value or debt/equity; a lender or insurer never on its current ratio.
        if (c.companyClass === 'bank') expect([metrics.ebitda_to_ev, metrics.debt_to_equity, metrics.current_ratio], c.symbol).toEqual([null, null, null]);
        if (c.companyClass === 'insurer') expect([metrics.current_ratio, metrics.net_debt_to_ebitda], c.symbol).toEqual([null, null]);
        expectFiniteOrTyped(`${c.symbol} grades`, gradeCompany(table, c.sector, metrics));
      }
    }
  });

  it('Altman is refused for every bank and insurer, and each score applies to most companies', () => {
    const applied = (f: (c: Company) => { ok: boolean }) => universe.filter((c) => f(c).ok).length;
    for (const c of universe.filter((x) => x.companyClass === 'bank' || x.companyClass === 'insurer')) {
      expect(computeAltman(c.financials, c.companyClass, 1e9)).toMatchObject({ ok: false, error: { code: 'not_applicable' } });
    }
    expect(universe.filter((c) => c.companyClass === 'bank').length).toBeGreaterThan(20);
    expect(universe.filter((c) => c.companyClass === 'insurer').length).toBeGreaterThan(10);
    expect(applied((c) => computePiotroski(c.financials))).toBeGreaterThan(450);
  });

  it('AAPL is a manufacturer: F-score and Altman Z computed from its FY2025 statements', () => {
    const aapl = universe.find((c) => c.symbol === 'AAPL')!;
    expect(aapl.companyClass).toBe('manufacturer');
    const f = computePiotroski(aapl.financials);
    expect(f.ok && f.value.fiscalYear).toBe(2025);
    const z = computeAltman(aapl.financials, 'manufacturer', aapl.inputs!.market.marketCapUsd);
    expect(z.ok && z.value.model).toBe('z');
  });

  it('the engines see the same statements through the builder as through the API (one view, two readers)', async () => {
    const bundle = (await p.store.fundamentals()).fundamentals;
    for (const c of universe) expect(toFinancialsFromBundle(c.symbol, bundle[c.symbol]!), c.symbol).toEqual(c.financials);
  });

  it('the committed sector table is the one the bundle rebuilds (run the builder after changing data)', () => {
    const rebuilt = buildSectorTableFile(readBundleInput(dataDir));
    expect(rebuilt).toEqual(table);
    expect(Object.keys(table.sectors).length).toBe(11);
  });
});
