import { afterAll, beforeAll, expect, it } from 'vitest';
import { type AnalysisOwnersTest, startAnalysisOwnersTest } from '../../test/analysis-owners.ts';
import { describeEachDatabase } from '../../test/db.ts';
import { type AnalysesFeature, type AnalysisResponse, toAnalysisBody } from '../analyses/index.ts';
import { type ExportContext, exportAnalysisPdf } from './analysis-export-service.ts';
import { createPdfRenderPool, PDF_BUSY_RETRY_SECONDS, type PdfJob } from './pdf-render-pool.ts';

/** A render stand-in the test finishes by hand: which jobs started, in order, and a way to finish each. */
function createHeldRenders() {
  const started: Array<{ job: PdfJob; finish(): void }> = [];
  const waiters: Array<{ n: number; resolve(): void }> = [];
  const renderJob = (job: PdfJob) =>
    new Promise<Uint8Array>((resolve) => {
      started.push({ job, finish: () => resolve(new TextEncoder().encode(`%PDF- ${job.analysis.symbol} #${job.id}`)) });
      for (const w of waiters.filter((w) => started.length >= w.n)) w.resolve();
    });
  /** Resolves once `n` renders have started (no polling, no timers). */
  const startedCount = (n: number) => (started.length >= n ? Promise.resolve() : new Promise<void>((resolve) => waiters.push({ n, resolve })));
  return { started, renderJob, startedCount };
}

describeEachDatabase('PDF renders per process: a cap, a bounded queue, then 503', (kind) => {
  let k: AnalysisOwnersTest;
  let owner: string;
  let analysis: AnalysisResponse;
  let ctxFor: (renderer: ExportContext['renderer']) => ExportContext;
  beforeAll(async () => {
    k = await startAnalysisOwnersTest(kind);
    owner = await k.createUser();
    const run = await k.runAnalysis(owner, { symbol: 'AAPL', kind: 'technical' });
    const analyses = (k.t.features.find((f) => f.name === 'analyses') as AnalysesFeature).analyses;
    analysis = toAnalysisBody(await analyses.getAnalysisOrThrow(owner, run.id));
    ctxFor = (renderer) => ({ analyses, now: () => new Date('2026-07-02T12:00:00Z'), renderer });
  });
  afterAll(async () => k?.db.close());

  it('cap 1, queue 1: the 1st renders, the 2nd waits and starts only when the 1st ends, the 3rd is refused at once (503, Retry-After 2) and never renders', async () => {
    const held = createHeldRenders();
    const pool = createPdfRenderPool({ capacity: 1, queue: 1, renderJob: held.renderJob });
    const at = new Date('2026-07-02T12:00:00Z');

    const first = pool.render(analysis, at);
    const second = pool.render(analysis, at);
    const third = pool.render(analysis, at);
    await expect(third).rejects.toMatchObject({ code: 'SERVICE_UNAVAILABLE', status: 503, retryAfterSeconds: PDF_BUSY_RETRY_SECONDS });
    await held.startedCount(1);
    expect(pool.stats()).toEqual({ running: 1, waiting: 1 });
    expect(held.started.map((s) => s.job.id)).toEqual([1]);

    // An export through the service while full: the owner's analysis is read, then the render refused; nothing renders.
    const viaService = exportAnalysisPdf(ctxFor(pool), owner, analysis.id);
    await expect(viaService).rejects.toMatchObject({
      code: 'SERVICE_UNAVAILABLE',
      message: `The PDF renderer is busy (1 rendering, 1 waiting). Try again in ${PDF_BUSY_RETRY_SECONDS} s.`,
    });
    expect(held.started).toHaveLength(1);

    held.started[0]!.finish();
    expect(new TextDecoder().decode(await first)).toBe('%PDF- AAPL #1');
    await held.startedCount(2);
    expect(pool.stats()).toEqual({ running: 1, waiting: 0 });
    held.started[1]!.finish();
    expect(new TextDecoder().decode(await second)).toBe('%PDF- AAPL #2');
    expect(pool.stats()).toEqual({ running: 0, waiting: 0 });

    // Room again: an export through the service renders at once with the analysis as stored and the run date.
    const later = exportAnalysisPdf(ctxFor(pool), owner, analysis.id);
    await held.startedCount(3);
    expect(held.started[2]!.job).toMatchObject({ analysis: { id: analysis.id, symbol: 'AAPL', kind: 'technical' }, generatedAtMs: at.getTime() });
    held.started[2]!.finish();
    expect((await later).filename).toBe(`AAPL-technical-${analysis.as_of}.pdf`);
  });

  it('queue 0: with the one render thread busy, the next export is refused rather than queued', async () => {
    const held = createHeldRenders();
    const pool = createPdfRenderPool({ capacity: 1, queue: 0, renderJob: held.renderJob });
    const first = pool.render(analysis, new Date());
    await expect(pool.render(analysis, new Date())).rejects.toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
    await held.startedCount(1);
    held.started[0]!.finish();
    await first;
    expect(pool.stats()).toEqual({ running: 0, waiting: 0 });
  });

  it('real render threads, cap 1: two exports at once both come back as PDFs, one after the other', async () => {
    const pool = createPdfRenderPool({ capacity: 1, queue: 4 });
    try {
      const at = new Date('2026-07-02T12:00:00Z');
      const both = [pool.render(analysis, at), pool.render(analysis, at)];
      expect(pool.stats()).toEqual({ running: 1, waiting: 1 });
      for (const pdf of await Promise.all(both)) expect(new TextDecoder().decode(pdf.slice(0, 5))).toBe('%PDF-');
      expect(pool.stats()).toEqual({ running: 0, waiting: 0 });
    } finally {
      await pool.close();
    }
  });
});
