import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { BuildAnalysis } from '../../../core/analysis/analysis-types.ts';
import { describeEachDatabase } from '../../test/db.ts';
import type { MarketService } from '../market/index.ts';
import type { LedgerService } from '../tokens/index.ts';
import { type AnalysisRuns, defaultAnalysisRuns, type PreparedRun } from './analyses-service.ts';
import { type AnalysesTest, OPENING_BALANCE_MT, startAnalysesTest } from '../../test/analyses-test-kit.ts';

const technical = { symbol: 'AAPL', kind: 'technical' } as const;

/** The real builders with the technical one swapped (a deliberate failure). */
const runsWithTechnical = (build: BuildAnalysis): AnalysisRuns => ({ ...defaultAnalysisRuns, builders: { ...defaultAnalysisRuns.builders, technical: build } });

describeEachDatabase('an analysis is charged only when it is stored and served', (kind) => {
  let k: AnalysesTest;
  beforeAll(async () => {
    k = await startAnalysesTest(kind);
  });
  afterAll(async () => k?.db.close());

  /** Nothing charged and nothing served: balance back at 10, no served row, every hold released or expired. */
  async function expectNothingCharged(userId: string) {
    expect(await k.balanceMt(userId)).toBe(OPENING_BALANCE_MT);
    expect((await k.as(userId).list()).body.analyses).toHaveLength(0);
    expect((await k.holdsOf(userId)).every((h) => h.status === 'released' || h.status === 'expired')).toBe(true);
    expect(await k.ledger.reconcile({ userId })).toMatchObject({ ok: true });
  }

  async function prepare(service: ReturnType<AnalysesTest['serviceWith']>, userId: string, key?: string): Promise<PreparedRun> {
    const p = await service.prepareRun(userId, technical, key);
    if ('analysis' in p) throw new Error('expected a new run');
    return p;
  }

  it('a successful run: 201, 10 − 0.8 = 9.2 left, re-opened and listed for free, the hold names kind and symbol', async () => {
    const userId = await k.createUser();
    const res = await k.as(userId).run(technical, 'ok-1');
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ symbol: 'AAPL', kind: 'technical', subtype: null, cost_tokens: 0.8 });
    expect(res.body.facts.map((f: { key: string }) => f.key)).toContain('rsi_14');
    expect(await k.balanceMt(userId)).toBe(9_200);
    const opened = await k.as(userId).open(res.body.id);
    expect(opened.status).toBe(200);
    expect(opened.body).toEqual(res.body);
    expect((await k.as(userId).list()).body.analyses.map((a: { id: string }) => a.id)).toEqual([res.body.id]);
    expect(await k.balanceMt(userId)).toBe(9_200);
    const [hold] = await k.holdsOf(userId);
    const [entry] = await k.db.query<{ meta: Record<string, unknown> | string }>(
      sql`SELECT meta FROM token_ledger WHERE hold_id = ${hold!.id} AND reason = 'hold'`,
    );
    const meta = typeof entry!.meta === 'string' ? JSON.parse(entry!.meta) : entry!.meta;
    expect(meta).toMatchObject({ action: 'technical', kind: 'technical', symbol: 'AAPL', analysis_id: res.body.id });
    // The token activity names what was bought on the hold that took the 0.8.
    const activity = await k.t.json('GET', '/api/tokens/ledger', undefined, { 'x-test-user-id': userId });
    const held = activity.body.entries.find((e: { reason: string }) => e.reason === 'hold');
    expect(held).toMatchObject({ change: -0.8, analysis: { kind: 'technical', symbol: 'AAPL', subtype: null } });
  });

  it('the same key and body again: 200 with the stored analysis, still 9.2 (no second charge)', async () => {
    const userId = await k.createUser();
    const first = await k.as(userId).run(technical, 'retry-1');
    const again = await k.as(userId).run({ symbol: 'aapl', kind: 'technical' }, 'retry-1');
    expect(first.status).toBe(201);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect(await k.balanceMt(userId)).toBe(9_200);
    expect(await k.holdsOf(userId)).toHaveLength(1);
  });

  it('without a key each request is its own run: two runs, 10 − 2 × 0.8 = 8.4', async () => {
    const userId = await k.createUser();
    const a = await k.as(userId).run(technical);
    const b = await k.as(userId).run(technical);
    expect([a.status, b.status]).toEqual([201, 201]);
    expect(a.body.id).not.toBe(b.body.id);
    expect(await k.balanceMt(userId)).toBe(8_400);
  });

  it('the builder throws after the hold: the error goes out, the hold is released, nothing stored', async () => {
    const userId = await k.createUser();
    const service = k.serviceWith({
      runs: runsWithTechnical(() => {
        throw new Error('engine bug');
      }),
    });
    await expect(service.executeRun(await prepare(service, userId))).rejects.toThrow('engine bug');
    expect(await k.storedRowCount(userId)).toBe(0);
    expect(await k.holdsOf(userId)).toHaveLength(1);
    await expectNothingCharged(userId);
  });

  it('the builder refuses (series too short): 422 with its reason, released, nothing stored', async () => {
    const userId = await k.createUser();
    const service = k.serviceWith({
      runs: runsWithTechnical(() => ({ ok: false, error: { code: 'series_too_short', input: 'close', message: 'Needs 200 bars, got 150.' } })),
    });
    await expect(service.executeRun(await prepare(service, userId))).rejects.toMatchObject({ code: 'UNPROCESSABLE', message: 'Needs 200 bars, got 150.' });
    expect(await k.storedRowCount(userId)).toBe(0);
    await expectNothingCharged(userId);
  });

  it('the run outlives its timeout: 504 TIMEOUT, released; the late work stores nothing that is served', async () => {
    const userId = await k.createUser();
    let finished!: () => void;
    const lateWorkDone = new Promise<void>((resolve) => (finished = resolve));
    const slowMarket: MarketService = {
      ...k.market,
      getHistory: async (symbol, range) => {
        await new Promise((r) => setTimeout(r, 150));
        const h = await k.market.getHistory(symbol, range);
        setTimeout(finished, 50);
        return h;
      },
    };
    const service = k.serviceWith({ market: slowMarket });
    await expect(service.executeRun(await prepare(service, userId), { timeoutMs: 20 })).rejects.toMatchObject({ code: 'TIMEOUT' });
    await lateWorkDone;
    expect(await k.storedRowCount(userId)).toBe(0);
    await expectNothingCharged(userId);
  });

  it('a fault after the insert and before the capture: the row is stored but never served, nothing charged; a retry with the key takes it over and is charged once', async () => {
    const userId = await k.createUser();
    const faultAfterWork: LedgerService = {
      ...k.ledger,
      chargeFor: (u, action, key, work, opts) =>
        k.ledger.chargeFor(
          u,
          action,
          key,
          async (charged) => {
            await work(charged);
            throw new Error('connection lost before the capture');
          },
          opts,
        ),
    };
    const faulty = k.serviceWith({ ledger: faultAfterWork });
    await expect(faulty.executeRun(await prepare(faulty, userId, 'click-7'))).rejects.toThrow('connection lost');
    expect(await k.storedRowCount(userId)).toBe(1);
    await expectNothingCharged(userId);
    expect((await k.as(userId).list()).body.analyses).toHaveLength(0);

    const retry = await k.as(userId).run(technical, 'click-7');
    expect(retry.status).toBe(201);
    expect(await k.storedRowCount(userId)).toBe(1);
    expect(await k.balanceMt(userId)).toBe(9_200);
    expect((await k.as(userId).list()).body.analyses.map((a: { id: string }) => a.id)).toEqual([retry.body.id]);
  });

  it('402 before any work: on 0.5 tokens a technical run (0.8) is refused and the builder never runs', async () => {
    const userId = await k.createUser(500);
    let builds = 0;
    const service = k.serviceWith({
      runs: runsWithTechnical((inputs, subtype) => {
        builds += 1;
        return defaultAnalysisRuns.builders.technical(inputs, subtype);
      }),
    });
    await expect(service.executeRun(await prepare(service, userId))).rejects.toMatchObject({ code: 'INSUFFICIENT_TOKENS' });
    expect(builds).toBe(0);
    const viaHttp = await k.as(userId).run(technical);
    expect(viaHttp.status).toBe(402);
    expect(viaHttp.body.error.code).toBe('INSUFFICIENT_TOKENS');
    expect(await k.balanceMt(userId)).toBe(500);
    expect(await k.storedRowCount(userId)).toBe(0);
  });
});
