import { afterAll, beforeAll, expect, it } from 'vitest';
import { PDF_EXPORT_LIMIT } from '../../../core/analysis/export-limits.ts';
import { type AnalysisOwnersTest, startAnalysisOwnersTest } from '../../test/analysis-owners.ts';
import { describeEachDatabase } from '../../test/db.ts';

const LIMIT = PDF_EXPORT_LIMIT.perMinute; // 30 a minute
const UNKNOWN_ID = '0b9e6c1e-4c55-4bd2-9a55-4f3a0f1c2d3e';

describeEachDatabase('PDF exports per user per minute', (kind) => {
  let k: AnalysisOwnersTest;
  // The app's clock: 20 s into a minute, moved by the test (no sleeping).
  let clockMs = Date.parse('2026-07-02T12:00:20Z');
  beforeAll(async () => {
    k = await startAnalysisOwnersTest(kind, { now: () => new Date(clockMs) });
  });
  afterAll(async () => k?.db.close());

  it(`the ${LIMIT + 1}st export in a minute (renders and unknown ids alike count) is 429 with Retry-After 40 and changes nothing; another user and the next minute are served`, async () => {
    const owner = await k.createUser();
    const other = await k.createUser();
    const mine = await k.runAnalysis(owner, { symbol: 'AAPL', kind: 'overview' });
    const theirs = await k.runAnalysis(other, { symbol: 'AAPL', kind: 'overview' });
    const balanceBefore = await k.availableMt(owner);

    // Counted before anything is read: three real PDFs, then probes of ids that are not the owner's.
    for (let i = 0; i < 3; i++) expect((await k.request(owner, 'GET', `/api/analyses/${mine.id}/export.pdf`)).status).toBe(200);
    for (let i = 3; i < LIMIT; i++) {
      const id = i % 2 ? UNKNOWN_ID : theirs.id;
      expect((await k.request(owner, 'GET', `/api/analyses/${id}/export.pdf`)).status).toBe(404);
    }

    const refused = await k.json(owner, 'GET', `/api/analyses/${mine.id}/export.pdf`);
    expect(refused.status).toBe(429);
    // 20 s into the minute: 40 s until the window ends.
    expect(refused.headers.get('retry-after')).toBe('40');
    expect(refused.body.error).toEqual({
      code: 'RATE_LIMITED',
      message: `You have made this minute's ${LIMIT} PDF exports. Try again in 40 s.`,
      details: { retry_after_seconds: 40 },
    });
    expect(refused.headers.get('content-type')).toMatch(/^application\/json/);
    // Nothing else happened: no tokens moved, no analysis appeared; the CSV is not limited.
    expect(await k.availableMt(owner)).toBe(balanceBefore);
    expect((await k.json(owner, 'GET', '/api/analyses')).body.analyses.map((a: { id: string }) => a.id)).toEqual([mine.id]);
    expect((await k.request(owner, 'GET', `/api/analyses/${mine.id}/export.csv`)).status).toBe(200);

    // Per user: the other account is served in the same minute.
    expect((await k.request(other, 'GET', `/api/analyses/${theirs.id}/export.pdf`)).status).toBe(200);

    // 39 s later it is still the same window (Retry-After 1), 1 s more and it is the next.
    clockMs += 39_000;
    const still = await k.request(owner, 'GET', `/api/analyses/${mine.id}/export.pdf`);
    expect([still.status, still.headers.get('retry-after')]).toEqual([429, '1']);
    clockMs += 1_000;
    const next = await k.request(owner, 'GET', `/api/analyses/${mine.id}/export.pdf`);
    expect(next.status).toBe(200);
    expect(new TextDecoder().decode(next.bytes.slice(0, 5))).toBe('%PDF-');
  });
});
