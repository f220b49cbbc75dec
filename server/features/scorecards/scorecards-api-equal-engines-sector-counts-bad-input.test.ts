import { afterAll, beforeAll, expect, it } from 'vitest';
import { computeAltman } from '../../../core/analysis/fundamentals/altman.ts';
import { computeBeneish } from '../../../core/analysis/fundamentals/beneish.ts';
import { classifyCompany } from '../../../core/analysis/fundamentals/company-class.ts';
import { computePiotroski } from '../../../core/analysis/fundamentals/piotroski.ts';
import { viewFiscalYear } from '../../../core/analysis/scorecards/fiscal-year-view.ts';
import { buildScorecardHistory } from '../../../core/analysis/scorecards/scorecards.ts';
import type { Database } from '../../adapters/db/index.ts';
import { createTestApp } from '../../test/app.ts';
import { createTestDatabase, describeOnPglite } from '../../test/db.ts';
import { insertTestUser } from '../../test/users.ts';

describeOnPglite('scorecards API: engine scores, five years, sector counts, bad input', (kind) => {
  let db: Database;
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let as: Record<string, string>;
  beforeAll(async () => {
    db = await createTestDatabase(kind);
    t = await createTestApp(db, { actAsHeader: true });
    as = { 'x-test-user-id': (await insertTestUser(db)).id };
  });
  afterAll(() => db.close());
  const get = (path: string) => t.json('GET', path, undefined, as);

  it('MSFT (a non-manufacturer: Z″): five fiscal years whose F, Z″ and M equal the engines on the statements as known on each filing day', async () => {
    const res = await get('/api/fundamentals/msft/scorecards');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ symbol: 'MSFT', company_class: 'non_manufacturer' });
    expect(res.body.years).toHaveLength(5);
    const fundamentals = (await get('/api/market/fundamentals/MSFT')).body;
    const history = (await get('/api/market/history/MSFT?range=max')).body;
    const prices = { dates: history.bars.map((b: { date: string }) => b.date), close: history.bars.map((b: { close: number }) => b.close) };
    let scored = 0;
    for (const y of res.body.years) {
      const view = viewFiscalYear(fundamentals, y.fiscal_year, prices)!;
      expect(view.filedOn).toBe(y.filed_on);
      const F = computePiotroski(view.financials);
      const Z = computeAltman(view.financials, 'non_manufacturer', null);
      const M = computeBeneish(view.financials);
      expect(y.piotroski.score).toBe(F.ok ? F.value.score : null);
      expect(y.altman.score).toBe(Z.ok ? Z.value.score : null);
      expect(y.altman.model).toBe('z_double_prime');
      expect(y.beneish.score).toBe(M.ok ? M.value.m : null);
      if (F.ok && Z.ok && M.ok) scored++;
      // The years run oldest first, one apart.
      expect(y.fiscal_year).toBe(res.body.years[0].fiscal_year + res.body.years.indexOf(y));
    }
    expect(scored).toBe(5);
  });

  it('each criterion’s inputs are the filed figures: KO’s net income input for every year equals the statement the market API serves', async () => {
    const res = await get('/api/fundamentals/KO/scorecards');
    const fundamentals = (await get('/api/market/fundamentals/KO')).body;
    const netIncome = fundamentals.annual.income.find((l: { key: string }) => l.key === 'net_income');
    const byYear = new Map(fundamentals.annual.periods.map((p: { fiscal_year: number }, i: number) => [p.fiscal_year, netIncome.values[i].value]));
    let checked = 0;
    for (const y of res.body.years) {
      const roa = y.piotroski.criteria.find((c: { id: string }) => c.id === 'roa_positive');
      const input = roa.inputs.find((x: { key: string }) => x.key === 'net_income');
      expect(input.fiscal_year).toBe(y.fiscal_year);
      expect(input.value).toBe(byYear.get(y.fiscal_year));
      checked++;
      expect(y.piotroski.criteria.filter((c: { passed: boolean | null }) => c.passed === true)).toHaveLength(y.piotroski.score);
    }
    expect(checked).toBe(5);
  });

  it('sector distribution: the bins count every Consumer Staples company with a score, and KO sits in the bin of its own latest score', async () => {
    const res = await get('/api/fundamentals/KO/scorecards');
    const { piotroski, altman, beneish } = res.body.distributions;
    for (const d of [piotroski, altman, beneish]) {
      expect(d.sector).toBe('Consumer Staples');
      expect(d.bins.reduce((s: number, b: { count: number }) => s + b.count, 0)).toBe(d.peers);
      expect(d.bins[d.company_bin].count).toBeGreaterThan(0);
    }
    expect(altman.key).toBe('altman_z');
    expect(altman.company_value).toBe(res.body.years.at(-1).altman.score);
    // Recount Altman Z by hand over the snapshot's Consumer Staples manufacturers.
    const universe = (await t.features.find((f) => f.name === 'market')) as unknown as {
      market: {
        getSnapshotUniverse(): Promise<Array<{ profile: { sector: string; industry: string; sic_description: string }; fundamentals: never; closes: never }>>;
        dataAsOf(): string;
      };
    };
    const peers = (await universe.market.getSnapshotUniverse()).filter((c) => c.profile.sector === 'Consumer Staples');
    let zCount = 0;
    for (const c of peers) {
      const cls = classifyCompany({ sector: c.profile.sector, industry: c.profile.industry, sicDescription: c.profile.sic_description });
      const latest = buildScorecardHistory(c.fundamentals, cls, c.closes, universe.market.dataAsOf(), 1)[0];
      if (latest?.altman.score !== null && latest?.altman.model === 'z') zCount++;
    }
    expect(altman.peers).toBe(zCount);
    expect(zCount).toBeGreaterThan(3);
  });

  it('the example is public; the symbol route needs a session', async () => {
    expect((await t.json('GET', '/api/fundamentals/KO/scorecards')).status).toBe(401);
    const ex = await t.json('GET', '/api/fundamentals/scorecards/example');
    expect(ex.status).toBe(200);
    expect(ex.body.symbol).toBe('KO');
  });

  it('bad input: unknown symbol 404, malformed 400, an ETF 422, a listed name without statements 404 NO_DATA', async () => {
    expect((await get('/api/fundamentals/ZZZZQ/scorecards')).body.error.code).toBe('UNKNOWN_SYMBOL');
    expect((await get('/api/fundamentals/A%20B/scorecards')).body.error).toMatchObject({ code: 'INVALID_SYMBOL', field: 'symbol' });
    const etf = await get('/api/fundamentals/SPY/scorecards');
    expect(etf.status).toBe(422);
    expect(etf.body.error.message).toBe("SPY is an ETF: scorecards read a company's own statements.");
    expect((await get('/api/fundamentals/AACB/scorecards')).body.error.code).toBe('NO_DATA');
  });
});
