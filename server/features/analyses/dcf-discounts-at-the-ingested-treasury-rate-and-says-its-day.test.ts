import { afterAll, beforeAll, expect, it } from 'vitest';
import type { AnalysisBody } from '../../../core/analysis/analysis-types.ts';
import type { DcfSections } from '../../../core/analysis/runs/dcf.ts';
import { buildDcfStudioSetup } from '../../../core/analysis/runs/dcf-studio.ts';
import { analysisBuilders } from '../../../core/analysis/runs/index.ts';
import { TREASURY_SOURCE } from '../../../core/market/reference-data.ts';
import type { Database } from '../../adapters/db/index.ts';
import { createTreasuryClient } from '../../adapters/market-data/index.ts';
import { parseEnv } from '../../env.ts';
import type { AppContext } from '../../http/feature.ts';
import { findAppRoot } from '../../lib/app-root.ts';
import { createLogger } from '../../lib/logger.ts';
import { createTestDatabase, describeEachDatabase } from '../../test/db.ts';
import { type FakeTreasury, readTreasuryFixture, startFakeTreasury } from '../../test/fake-treasury.ts';
import { createMarketFeature, type MarketFeature } from '../market/index.ts';
import { defaultAnalysisRuns, loadAnalysisInputs, loadPriceHistory } from './index.ts';

/**
 * The DCF reads the risk-free rate through the market service: MSFT's DCF discounts at the snapshot's 4.58 % (of
 * 2024-12-31) until the Treasury's 10-year yield of 2026-10-02 (5.28 %) is ingested, then at 5.28 % and says so.
 */
describeEachDatabase('MSFT’s DCF after the Treasury rate is ingested', (kind) => {
  let db: Database;
  let treasury: FakeTreasury;
  let f: MarketFeature;
  const clock = new Date('2026-10-03T16:00:00Z');

  const runDcf = async () => {
    const [profile, history] = await Promise.all([f.market.getProfile('MSFT'), loadPriceHistory(f.market, 'MSFT')]);
    const inputs = await loadAnalysisInputs(f.market, { symbol: 'MSFT', profile, history, names: defaultAnalysisRuns.requirements.dcf });
    const r = analysisBuilders.dcf(inputs, null);
    if (!r.ok) throw new Error(r.error.message);
    const studio = buildDcfStudioSetup(inputs);
    if (!studio.ok) throw new Error(studio.error.message);
    return { body: r.value as AnalysisBody<DcfSections>, studio: studio.value };
  };

  beforeAll(async () => {
    db = await createTestDatabase(kind);
    treasury = await startFakeTreasury();
    treasury.years.set(2025, readTreasuryFixture(2025));
    treasury.years.set(2026, readTreasuryFixture(2026));
    const env = parseEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent' });
    const ctx: AppContext = { env, db, logger: createLogger('silent'), appRoot: findAppRoot(), now: () => clock };
    f = createMarketFeature(ctx, { ingestVendor: null, treasury: createTreasuryClient({ fetch: (u, i) => fetch(u, i), baseUrl: treasury.url }) });
  });
  afterAll(async () => {
    await treasury.close();
    await db.close();
  });

  it('moves the cost of equity by exactly the rate’s change (5.28 % − 4.58 % = 0.70 points) and states the new rate’s day', async () => {
    const before = await runDcf();
    const a0 = before.body.sections.assumptions;
    expect(a0.risk_free_rate).toMatchObject({ value: 0.0458, as_of: '2024-12-31' });
    expect(before.studio.sources.risk_free_rate.as_of).toBe('2024-12-31');

    expect(await f.referenceIngest.refreshRiskFree()).toMatchObject({ outcome: 'stored', day: '2026-10-02' });

    const after = await runDcf();
    const a1 = after.body.sections.assumptions;
    expect(a1.risk_free_rate).toEqual({ value: 0.0528, as_of: '2026-10-02', source: TREASURY_SOURCE });
    // Same beta and ERP: r_e = r_f + β × ERP moves by Δr_f alone.
    expect(a1.beta).toBe(a0.beta);
    expect(a1.equity_risk_premium).toEqual(a0.equity_risk_premium);
    const w0 = before.body.sections.wacc;
    const w1 = after.body.sections.wacc;
    expect(w1.capm.riskFreeRate).toBe(0.0528);
    expect(w0.costOfEquity).toBeCloseTo(0.0458 + a0.beta * 0.0433, 12);
    expect(w1.costOfEquity - w0.costOfEquity).toBeCloseTo(0.007, 12);
    // The fact the note cites, in percent, and the studio's default and source follow.
    expect(after.body.facts.find((x) => x.key === 'risk_free_rate')).toMatchObject({ value: 5.28, as_of: '2026-10-02' });
    expect(after.studio.defaults.risk_free_rate).toBe(0.0528);
    expect(after.studio.sources.risk_free_rate).toEqual({ as_of: '2026-10-02', source: TREASURY_SOURCE });
    // A higher discount rate values the same cash flows lower.
    expect(after.body.sections.fair_value_per_share).toBeLessThan(before.body.sections.fair_value_per_share);
  });
});
