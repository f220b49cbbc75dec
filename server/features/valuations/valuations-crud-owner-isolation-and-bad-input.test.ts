import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runDcfStudio } from '../../../core/analysis/dcf/studio.ts';
import { startTestApp } from '../../test/app.ts';
import { type DatabaseKind, describeOnPglite } from '../../test/db.ts';
import { insertTestUser } from '../../test/users.ts';
import { createLedgerService } from '../tokens/index.ts';

/** Every new account opens with 10 tokens (10,000 mt); saving and reopening must leave them there. */
const OPENING_BALANCE_MT = 10_000;

async function startValuationsTest(kind: DatabaseKind) {
  const { db, t } = await startTestApp(kind, { actAsHeader: true });
  const ledger = createLedgerService(db);
  return {
    db,
    t,
    async createUser() {
      const { id } = await insertTestUser(db);
      await ledger.openAccount(id);
      return id;
    },
    balanceMt: async (userId: string) => (await ledger.getAccount(userId)).availableMt,
    holdsOf: (userId: string) => ledger.listHolds(userId),
  };
}

describeOnPglite('saved DCF valuations', (kind) => {
  let k: Awaited<ReturnType<typeof startValuationsTest>>;
  beforeAll(async () => {
    k = await startValuationsTest(kind);
  });
  afterAll(async () => k?.db.close());

  const headers = (userId?: string): Record<string, string> => (userId ? { 'x-test-user-id': userId } : {});
  const api = (userId?: string) => ({
    inputs: (symbol: string) => k.t.json('GET', `/api/dcf/${symbol}/inputs`, undefined, headers(userId)),
    save: (body: unknown) => k.t.json('POST', '/api/valuations', body, headers(userId)),
    list: (query = '') => k.t.json('GET', `/api/valuations${query}`, undefined, headers(userId)),
    open: (id: string) => k.t.json('GET', `/api/valuations/${id}`, undefined, headers(userId)),
    remove: (id: string) => k.t.json('DELETE', `/api/valuations/${id}`, undefined, headers(userId)),
  });
  const rowCount = async (userId: string) =>
    Number((await k.db.query<{ n: number }>(sql`SELECT count(*) AS n FROM valuations WHERE user_id = ${userId}`))[0]!.n);

  it('the inputs of the public example (AAPL) answer signed out; another symbol needs a session (401)', async () => {
    const res = await api().inputs('AAPL');
    expect(res.status).toBe(200);
    expect(res.body.symbol).toBe('AAPL');
    expect(res.body.defaults).toEqual(res.body.presets.base);
    expect(res.body.presets.conservative.explicit_growth).toBeLessThanOrEqual(res.body.presets.base.explicit_growth);
    expect(res.body.presets.optimistic.explicit_growth).toBeGreaterThanOrEqual(res.body.presets.base.explicit_growth);
    expect((await api().inputs('MSFT')).status).toBe(401);
  });

  it('save → list → reopen → delete; the saved value is core’s runDcfStudio on the inputs the page was given', async () => {
    const u = await k.createUser();
    const setup = (await api(u).inputs('msft')).body;
    expect(setup.symbol).toBe('MSFT');
    const inputs = { ...setup.defaults, explicit_growth: 0.07, beta: 1.05 };
    const saved = await api(u).save({ symbol: 'MSFT', inputs, label: 'Slower growth' });
    expect(saved.status).toBe(201);
    const c = setup.company;
    const local = runDcfStudio(
      {
        baseFcfUsd: c.base_fcf_usd,
        sharesDiluted: c.shares_diluted,
        totalDebtUsd: c.total_debt_usd,
        cashUsd: c.cash_usd,
        nciUsd: c.nci_usd,
        priceUsd: setup.price,
      },
      inputs,
    );
    if (!local.ok) throw new Error(local.error.message);
    expect(saved.body.result.fair_value_per_share).toBe(local.value.valuation.perShareUsd);
    expect(saved.body.result.wacc).toBe(local.value.wacc.wacc);
    expect(saved.body).toMatchObject({ symbol: 'MSFT', label: 'Slower growth', inputs, analysis_id: null, result: { as_of: setup.as_of, price: setup.price } });

    const list = await api(u).list();
    expect(list.body.valuations.map((v: { id: string }) => v.id)).toEqual([saved.body.id]);
    expect((await api(u).list('?symbol=AAPL')).body.valuations).toEqual([]);
    const reopened = await api(u).open(saved.body.id);
    expect(reopened.body.inputs).toEqual(inputs);
    expect(reopened.body).toEqual(saved.body);

    expect((await api(u).remove(saved.body.id)).status).toBe(204);
    expect((await api(u).open(saved.body.id)).status).toBe(404);
    expect((await api(u).remove(saved.body.id)).status).toBe(404);
    // Free: no token moved.
    expect(await k.balanceMt(u)).toBe(OPENING_BALANCE_MT);
    expect(await k.holdsOf(u)).toHaveLength(0);
  });

  it("another user can neither list, open nor delete someone's valuation (404, still there)", async () => {
    const owner = await k.createUser();
    const other = await k.createUser();
    const setup = (await api(owner).inputs('AAPL')).body;
    const saved = await api(owner).save({ symbol: 'AAPL', inputs: setup.defaults });
    expect(saved.status).toBe(201);
    expect((await api(other).list()).body.valuations).toEqual([]);
    expect((await api(other).open(saved.body.id)).status).toBe(404);
    expect((await api(other).remove(saved.body.id)).status).toBe(404);
    expect((await api(owner).open(saved.body.id)).status).toBe(200);
    expect((await api().list()).status).toBe(401);
    expect((await api().save({ symbol: 'AAPL', inputs: setup.defaults })).status).toBe(401);
  });

  describe('bad input: a code, a message naming the field, nothing stored', () => {
    let defaults: Record<string, number>;
    beforeAll(async () => {
      defaults = (await api().inputs('AAPL')).body.defaults;
    });
    const cases: Array<{ name: string; body: () => unknown; status: number; code: string; field?: string; message?: RegExp }> = [
      {
        name: '100 explicit years',
        body: () => ({ symbol: 'AAPL', inputs: { ...defaults, explicit_years: 100 } }),
        status: 400,
        code: 'VALIDATION_FAILED',
        field: 'inputs.explicit_years',
        message: /Explicit years must be from 1 to 20; got 100/,
      },
      {
        name: 'a negative WACC (r_f −2 %, β −2, ERP 10 %, no debt: −22 %)',
        body: () => ({ symbol: 'AAPL', inputs: { ...defaults, risk_free_rate: -0.02, beta: -2, equity_risk_premium: 0.1, debt_weight: 0 } }),
        status: 400,
        code: 'VALIDATION_FAILED',
        field: 'inputs.wacc',
        message: /WACC of -22\.00 %/,
      },
      {
        name: 'terminal growth at the WACC (r − g < 1.5 points)',
        body: () => ({
          symbol: 'AAPL',
          inputs: { ...defaults, risk_free_rate: 0.03, beta: 0.5, equity_risk_premium: 0.04, debt_weight: 0, terminal_growth: 0.05 },
        }),
        status: 400,
        code: 'VALIDATION_FAILED',
        field: 'inputs.terminal_growth',
        message: /1\.5 points below the WACC/,
      },
      {
        name: 'NaN growth (sent as a string: JSON has no NaN)',
        body: () => ({ symbol: 'AAPL', inputs: { ...defaults, explicit_growth: 'NaN' } }),
        status: 400,
        code: 'VALIDATION_FAILED',
        field: 'inputs.explicit_growth',
      },
      {
        name: 'a missing input',
        body: () => ({ symbol: 'AAPL', inputs: { ...defaults, beta: undefined } }),
        status: 400,
        code: 'VALIDATION_FAILED',
        field: 'inputs.beta',
      },
      { name: 'an unknown symbol', body: () => ({ symbol: 'ZZZZQ', inputs: defaults }), status: 404, code: 'UNKNOWN_SYMBOL', field: 'symbol' },
      { name: 'an ETF', body: () => ({ symbol: 'SPY', inputs: defaults }), status: 422, code: 'UNPROCESSABLE', field: 'symbol' },
      {
        name: 'an analysis id that is not a DCF of yours',
        body: () => ({ symbol: 'AAPL', inputs: defaults, analysis_id: '0b9e6c1e-4c55-4bd2-9a55-4f3a0f1c2d3e' }),
        status: 400,
        code: 'VALIDATION_FAILED',
        field: 'analysis_id',
      },
      { name: 'a field the contract does not have', body: () => ({ symbol: 'AAPL', inputs: defaults, price: 1 }), status: 400, code: 'VALIDATION_FAILED' },
    ];
    it.each(cases)('$name → $status $code', async ({ body, status, code, field, message }) => {
      const u = await k.createUser();
      const res = await api(u).save(body());
      expect(res.status).toBe(status);
      expect(res.body.error.code).toBe(code);
      expect(res.body.error.message.length).toBeGreaterThan(0);
      if (field) expect(res.body.error.field).toBe(field);
      if (message) expect(res.body.error.message).toMatch(message);
      expect(await rowCount(u)).toBe(0);
    });

    it('inputs of an unknown symbol are 404 UNKNOWN_SYMBOL, of an ETF 422 naming the reason', async () => {
      const u = await k.createUser();
      expect((await api(u).inputs('ZZZZQ')).body.error.code).toBe('UNKNOWN_SYMBOL');
      const etf = await api(u).inputs('SPY');
      expect([etf.status, etf.body.error.code]).toEqual([422, 'UNPROCESSABLE']);
      expect(etf.body.error.message).toMatch(/ETF/);
    });
  });
});
