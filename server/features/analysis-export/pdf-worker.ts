/**
 * A PDF render thread: laying out and drawing a PDF is 50–100 ms of CPU that, on the main thread, held up
 * every other request of the process (issue 26: /api/health went from 6 ms to 390 ms under an export
 * flood). Loads the renderer once and answers one render at a time (the pool sends one at a time).
 */
import { parentPort } from 'node:worker_threads';
import { renderAnalysisPdf } from './analysis-pdf.tsx';
import type { PdfJob, PdfReply } from './pdf-render-pool.ts';

const port = parentPort;
if (!port) throw new Error('pdf-worker.ts runs as a worker thread');

port.on('message', async (job: PdfJob) => {
  let reply: PdfReply;
  try {
    const buf = await renderAnalysisPdf(job.analysis, { generatedAt: new Date(job.generatedAtMs) });
    // A copy that owns its whole buffer, so it moves to the main thread without another copy.
    const pdf = new Uint8Array(buf);
    reply = { id: job.id, ok: true, pdf };
    port.postMessage(reply, [pdf.buffer]);
    return;
  } catch (e) {
    reply = { id: job.id, ok: false, message: e instanceof Error ? e.message : String(e) };
  }
  port.postMessage(reply);
});
// Ready once the renderer is loaded: the pool's warm-up waits for this rather than for the first render.
port.postMessage({ id: 0, ok: true, ready: true } satisfies PdfReply);
