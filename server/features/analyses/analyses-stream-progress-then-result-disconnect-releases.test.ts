import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../../test/db.ts';
import type { PreparedRun } from './analyses-service.ts';
import { type AnalysesTest, OPENING_BALANCE_MT, startAnalysesTest } from '../../test/analyses-test-kit.ts';

/** The events of a text/event-stream body, in order. */
function parseEvents(text: string): Array<{ event: string; data: unknown }> {
  return text
    .split('\n\n')
    .filter((block) => block.trim().length > 0)
    .map((block) => {
      const lines = block.split('\n');
      const event =
        lines
          .find((l) => l.startsWith('event:'))
          ?.slice(6)
          .trim() ?? 'message';
      const data = lines
        .filter((l) => l.startsWith('data:'))
        .map((l) => l.slice(5).trimStart())
        .join('\n');
      return { event, data: JSON.parse(data) };
    });
}

describeEachDatabase('the streamed run', (kind) => {
  let k: AnalysesTest;
  beforeAll(async () => {
    k = await startAnalysesTest(kind);
  });
  afterAll(async () => k?.db.close());

  it('emits progress 1/3 load, 2/3 compute, 3/3 save, then the result; charged 0.8 (10 − 0.8 = 9.2)', async () => {
    const u = await k.createUser();
    const res = await k.as(u).stream({ symbol: 'AAPL', kind: 'technical' }, 'stream-1');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const events = parseEvents(await res.text());
    expect(events.map((e) => e.event)).toEqual(['progress', 'progress', 'progress', 'result']);
    expect(events.slice(0, 3).map((e) => e.data)).toEqual([
      { step: 'load', label: 'Loading prices and filings', index: 1, total: 3 },
      { step: 'compute', label: 'Computing indicators, writing the note', index: 2, total: 3 },
      { step: 'save', label: 'Saving', index: 3, total: 3 },
    ]);
    const { analysis } = events[3]!.data as { analysis: { id: string; cost_tokens: number } };
    expect(analysis.cost_tokens).toBe(0.8);
    expect(await k.balanceMt(u)).toBe(9_200);
    expect((await k.as(u).open(analysis.id)).status).toBe(200);
  });

  it("a builder that refuses after the hold (CVNA on the studio's inputs: no model values it) ends the stream with an error event; released, nothing charged", async () => {
    const u = await k.createUser();
    // The default valuation of a company no model can value is refused before the hold; the studio's own
    // inputs are the user's assumptions and are only checked by running them.
    const defaults = (await k.t.json('GET', '/api/dcf/AAPL/inputs')).body.defaults;
    const res = await k.as(u).stream({ symbol: 'CVNA', kind: 'dcf', dcf_inputs: defaults });
    expect(res.status).toBe(200);
    const events = parseEvents(await res.text());
    expect(events.map((e) => e.event)).toEqual(['progress', 'progress', 'error']);
    expect(events[2]!.data).toMatchObject({ error: { code: 'UNPROCESSABLE', message: expect.stringMatching(/free cash flow/i) } });
    expect(await k.balanceMt(u)).toBe(OPENING_BALANCE_MT);
    expect((await k.holdsOf(u)).map((h) => h.status)).toEqual(['released']);
    expect(await k.storedRowCount(u)).toBe(0);
  });

  it('errors before the charge are plain HTTP answers: an ETF analysis of a stock is 422 JSON, nothing held', async () => {
    const u = await k.createUser();
    const res = await k.as(u).stream({ symbol: 'AAPL', kind: 'etf' });
    expect(res.status).toBe(422);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('UNPROCESSABLE');
    expect(await k.holdsOf(u)).toHaveLength(0);
  });

  it('402 before the stream opens when the balance cannot cover it (0.5 < 0.8)', async () => {
    const u = await k.createUser(500);
    const res = await k.as(u).stream({ symbol: 'AAPL', kind: 'technical' });
    expect(res.status).toBe(402);
    expect(await k.balanceMt(u)).toBe(500);
  });

  it('a client that goes away mid-run fails the run: the hold is released, nothing stored or charged', async () => {
    const u = await k.createUser();
    const service = k.serviceWith();
    const prepared = (await service.prepareRun(u, { symbol: 'AAPL', kind: 'technical' })) as PreparedRun;
    const disconnect = new AbortController();
    const run = service.executeRun(prepared, { signal: disconnect.signal, onProgress: (step) => step === 'compute' && disconnect.abort() });
    await expect(run).rejects.toMatchObject({ code: 'TIMEOUT' });
    expect(await k.storedRowCount(u)).toBe(0);
    expect(await k.balanceMt(u)).toBe(OPENING_BALANCE_MT);
    expect((await k.holdsOf(u)).map((h) => h.status)).toEqual(['released']);
  });
});
