import { afterEach, describe, expect, it, vi } from 'vitest';
import { downloadAnalysisExport } from './api/download-analysis-export.ts';

describe('Download PDF over the limit', () => {
  const answer = (status: number, error: object, retryAfter: string) =>
    new Response(JSON.stringify({ error }), { status, headers: { 'content-type': 'application/json', 'retry-after': retryAfter } });
  afterEach(() => vi.unstubAllGlobals());

  it('rejects with what happened and when to retry, instead of a failed download that says nothing', async () => {
    const requested: string[] = [];
    vi.stubGlobal('fetch', async (url: string) => {
      requested.push(url);
      return answer(429, { code: 'RATE_LIMITED', message: "You have made this minute's 30 PDF exports. Try again in 40 s." }, '40');
    });
    await expect(downloadAnalysisExport('a1', 'pdf')).rejects.toThrow("You have made this minute's 30 PDF exports — try again in 40 s.");
    expect(requested).toEqual(['/api/analyses/a1/export.pdf']);
  });

  it('the render queue full (503) says the renderer is busy and when to retry, with the wait kept on the error', async () => {
    vi.stubGlobal('fetch', async () =>
      answer(503, { code: 'SERVICE_UNAVAILABLE', message: 'The PDF renderer is busy (2 rendering, 8 waiting). Try again in 5 s.' }, '5'),
    );
    await expect(downloadAnalysisExport('a1', 'pdf')).rejects.toMatchObject({
      status: 503,
      retryAfterSeconds: 5,
      message: 'The PDF renderer is busy (2 rendering, 8 waiting) — try again in 5 s.',
    });
  });
});
