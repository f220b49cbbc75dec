/**
 * A PDF render thread: laying out and drawing a PDF is 50–100 ms of CPU that, on the main thread, held up
 * every other request of the process (issue 26: /api/health went from 6 ms to 390 ms under an export
 * flood). Loads the renderer once and answers one render at a time (the pool sends one at a time).
 */
import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';
import { parentPort } from 'node:worker_threads';
import { renderAnalysisPdf } from './analysis-pdf.tsx';
import type { PdfJob, PdfReply } from './pdf-render-pool.ts';

const port = parentPort;
if (!port) throw new Error('pdf-worker.ts runs as a worker thread');

/**
 * On a busy machine the kernel shares a process's CPU between its runnable threads: a render thread at
 * the same priority halved the main thread's share and /api/health's p50 rose 4 → 43 ms during an export
 * flood (bench/analysis-export-flood.bench.ts). At nice 10 a render gets about a tenth of what a normal
 * thread gets when they compete: the main thread keeps its share. Not 19: on a machine busy with other
 * processes (2 browsers and 2 servers in the browser tests) a nice-19 render starved past its 30 s limit.
 * Linux only (a thread's own id from /proc/thread-self; setpriority on a thread id affects that thread);
 * elsewhere the thread keeps the process's priority.
 */
const RENDER_THREAD_NICE = 10;

function lowerThisThreadsPriority() {
  try {
    const tid = Number(readlinkSync('/proc/thread-self').split('/').pop());
    if (Number.isInteger(tid) && tid > 0) setPriority(tid, RENDER_THREAD_NICE);
  } catch {}
}
lowerThisThreadsPriority();

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
