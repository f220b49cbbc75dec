import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeOnPglite } from '../../test/db.ts';
import { type AnalysesTest, startAnalysesTest } from '../../test/analyses-test-kit.ts';

describeOnPglite('analysis history and re-opening', (kind) => {
  let k: AnalysesTest;
  beforeAll(async () => {
    k = await startAnalysesTest(kind);
  });
  afterAll(async () => k?.db.close());

  it("user B cannot open or list user A's analysis: 404 NOT_FOUND, the same answer as an id that does not exist", async () => {
    const a = await k.createUser();
    const b = await k.createUser();
    const run = await k.as(a).run({ symbol: 'AAPL', kind: 'technical' });
    expect(run.status).toBe(201);
    const byB = await k.as(b).open(run.body.id);
    expect(byB.status).toBe(404);
    expect(byB.body.error.code).toBe('NOT_FOUND');
    const missing = await k.as(b).open('00000000-0000-4000-8000-000000000000');
    expect(missing.body).toEqual(byB.body);
    expect((await k.as(b).open('not-a-uuid')).status).toBe(404);
    expect((await k.as(b).list()).body.analyses).toHaveLength(0);
    expect((await k.as(a).open(run.body.id)).status).toBe(200);
  });

  it('signed out: 401 on every analyses route', async () => {
    expect((await k.t.json('GET', '/api/analyses')).status).toBe(401);
    expect((await k.t.json('POST', '/api/analyses', { symbol: 'AAPL', kind: 'technical' })).status).toBe(401);
  });

  it('three runs page newest first with limit 2 and the cursor; filters by symbol and kind; summaries carry no sections', async () => {
    const u = await k.createUser();
    const ids: string[] = [];
    for (const symbol of ['AAPL', 'MSFT', 'AAPL']) {
      const r = await k.as(u).run({ symbol, kind: 'technical' });
      expect(r.status).toBe(201);
      ids.push(r.body.id);
    }
    const first = await k.as(u).list('?limit=2');
    expect(first.body.analyses.map((a: { id: string }) => a.id)).toEqual([ids[2], ids[1]]);
    expect(first.body.analyses[0]).not.toHaveProperty('sections');
    expect(first.body.analyses[0].headline.length).toBeGreaterThan(0);
    expect(first.body.next_cursor).toEqual(expect.any(String));
    const second = await k.as(u).list(`?limit=2&cursor=${first.body.next_cursor}`);
    expect(second.body.analyses.map((a: { id: string }) => a.id)).toEqual([ids[0]]);
    expect(second.body.next_cursor).toBeNull();

    const aapl = await k.as(u).list('?symbol=aapl&kind=technical');
    expect(aapl.body.analyses.map((a: { id: string }) => a.id)).toEqual([ids[2], ids[0]]);
    expect((await k.as(u).list('?kind=dcf')).body.analyses).toHaveLength(0);
    // Three runs at 0.8: 10 − 2.4 = 7.6; listing and opening are free.
    expect(await k.balanceMt(u)).toBe(7_600);
  });

  it('"You ran this today": as_of=current finds the run on the data day a new run would use, and says that day', async () => {
    const u = await k.createUser();
    const run = await k.as(u).run({ symbol: 'NVDA', kind: 'technical' });
    const offer = await k.as(u).list('?symbol=NVDA&kind=technical&as_of=current&limit=1');
    expect(offer.status).toBe(200);
    expect(offer.body.data_day).toBe(run.body.as_of);
    expect(offer.body.analyses.map((a: { id: string }) => a.id)).toEqual([run.body.id]);
    expect((await k.as(u).list(`?symbol=NVDA&as_of=${run.body.as_of}`)).body.analyses).toHaveLength(1);
    expect((await k.as(u).list('?symbol=NVDA&as_of=1999-01-04')).body.analyses).toHaveLength(0);
  });

  it('bad list queries: as_of=current without a symbol, a forged cursor, a malformed day — 400 naming the field', async () => {
    const u = await k.createUser();
    const noSymbol = await k.as(u).list('?as_of=current');
    expect(noSymbol.status).toBe(400);
    expect(noSymbol.body.error.field).toBe('as_of');
    const forged = await k.as(u).list('?cursor=bm90LWEtY3Vyc29y');
    expect(forged.status).toBe(400);
    expect(forged.body.error.field).toBe('cursor');
    expect((await k.as(u).list('?as_of=yesterday')).status).toBe(400);
  });
});
