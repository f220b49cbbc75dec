import { afterAll, beforeAll, expect, it } from 'vitest';
import { findCloseOnOrBefore } from '../../../core/analysis/track-record/outcomes.ts';
import { describeOnPglite } from '../../test/db.ts';
import { startTrackRecordTest, type TrackRecordTest } from '../../test/track-record-test-kit.ts';

/*
 * A user's technical analysis of AAPL, moved back to the data day 2025-06-30: by the snapshot's prices
 * (to 2026-07-02, SPY to 2026-07-01) every horizon has matured. Its outcome is the owner's alone; the
 * public summary counts it among users' runs once a tick has recorded it.
 */
describeOnPglite('GET /api/track-record and /api/analyses/{id}/track-record', (kind) => {
  let k: TrackRecordTest;
  let owner: string;
  let analysisId: string;
  let rating: string;
  beforeAll(async () => {
    k = await startTrackRecordTest(kind);
    owner = await k.createUser();
    const res = await k.as(owner).run({ symbol: 'AAPL', kind: 'technical' });
    expect(res.status).toBe(201);
    analysisId = res.body.id;
    rating = res.body.facts.find((f: { key: string }) => f.key === 'technical_rating').value;
    await k.backdate(analysisId, '2025-06-30');
  });
  afterAll(async () => k?.db.close());

  it('before any tick: no groups, the backtest not started (tests do not start it)', async () => {
    const res = await k.as(null).summary();
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ groups: [], horizons_months: [1, 3, 6, 12], backtest: { status: 'not_started', months_done: 0, months_total: 0 } });
    expect(res.body.rules.find((r: { verdict: string }) => r.verdict === 'dcf_upside').bullish).toBe('Upside above +15 %: the price should rise');
  });

  it('the owner sees each horizon with the arithmetic of the closes: change = close on or before the end / close on 2025-06-30 − 1', async () => {
    const res = await k.as(owner).outcome(analysisId);
    expect(res.status).toBe(200);
    const aapl = (await k.market.getHistory('AAPL', 'max')).bars;
    const spy = (await k.market.getHistory('SPY', 'max')).bars;
    const base = findCloseOnOrBefore(aapl, '2025-06-30')!;
    expect(res.body).toMatchObject({
      analysis_id: analysisId,
      symbol: 'AAPL',
      kind: 'technical',
      as_of: '2025-06-30',
      base_date: base.date,
      base_close: base.close,
    });
    const ends = ['2025-07-31', '2025-09-30', '2025-12-31', '2026-06-30'];
    expect(res.body.horizons.map((h: { matures_on: string; status: string }) => [h.matures_on, h.status])).toEqual(ends.map((d) => [d, 'matured']));
    res.body.horizons.forEach((h: { change_percent: number; spy_change_percent: number; excess_percent: number }, i: number) => {
      const change = (findCloseOnOrBefore(aapl, ends[i]!)!.close / base.close - 1) * 100;
      const spyChange = (findCloseOnOrBefore(spy, ends[i]!)!.close / findCloseOnOrBefore(spy, '2025-06-30')!.close - 1) * 100;
      expect(h.change_percent).toBeCloseTo(change, 2);
      expect(h.spy_change_percent).toBeCloseTo(spyChange, 2);
      expect(h.excess_percent).toBeCloseTo(change - spyChange, 1);
    });
    const verdict = res.body.verdicts.find((v: { verdict: string }) => v.verdict === 'technical_rating');
    expect(verdict.value).toBe(rating);
    const up = rating === 'Buy' || rating === 'Strong Buy';
    const down = rating === 'Sell' || rating === 'Strong Sell';
    const expected = res.body.horizons.map((h: { change_percent: number }) =>
      up ? (h.change_percent > 0 ? 'held' : 'failed') : down ? (h.change_percent < 0 ? 'held' : 'failed') : 'no_call',
    );
    expect(verdict.results.map((r: { result: string }) => r.result)).toEqual(expected);
  });

  it('anyone else gets 404, a visitor 401, a malformed id 404: the same answer as a missing one', async () => {
    const other = await k.createUser();
    expect((await k.as(other).outcome(analysisId)).body.error.code).toBe('NOT_FOUND');
    expect((await k.as(other).outcome(analysisId)).status).toBe(404);
    expect((await k.as(null).outcome(analysisId)).status).toBe(401);
    expect((await k.as(owner).outcome('not-a-uuid')).status).toBe(404);
  });

  it('a tick records the run once; the public summary counts it among users’ runs with n = 1 at each horizon', async () => {
    expect(await k.feature.rescore()).toMatchObject({ recorded: 1, scored: 1, dataDay: '2026-07-01' });
    expect(await k.feature.rescore()).toMatchObject({ recorded: 0, scored: 0 });
    const res = await k.as(null).summary();
    const groups = res.body.groups.filter((g: { kind: string }) => g.kind === 'technical');
    expect(groups).toHaveLength(1);
    expect(groups[0]).toMatchObject({ verdict: 'technical_rating', verdict_label: 'Technical rating', backtest: { runs: 0 }, live: { runs: 1 } });
    expect(groups[0].live.horizons.map((h: { n: number }) => h.n)).toEqual([1, 1, 1, 1]);
  });
});
