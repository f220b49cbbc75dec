import type {
  AnalysisProgressEvent,
  AnalysisResponse,
  AnalysisStreamEvents,
  CreateAnalysisBody,
} from '../../../../../server/features/analyses/analyses.routes.ts';
import { ApiError, readApiError } from '../../../lib/api.ts';
import { createSseParser } from '../../../lib/sse-parse.ts';

export type { AnalysisProgressEvent, AnalysisResponse, CreateAnalysisBody } from '../../../../../server/features/analyses/analyses.routes.ts';
import type { AnalysisResponse as Stored } from '../../../../../server/features/analyses/analyses.routes.ts';
/** What the views show: an analysis without what it cost (a share link's reader gets no cost). */
export type ShownAnalysis = Omit<Stored, 'cost_tokens'>;

/** A fresh key per click: a retried request is not charged twice, a second click is a second run. */
export const createIdempotencyKey = () =>
  `run-${typeof crypto.randomUUID === 'function' ? crypto.randomUUID() : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`}`;

/**
 * `POST /api/analyses/stream`: runs an analysis, calling `onProgress` for each step, and resolves with the
 * stored analysis. Errors before the charge come as plain HTTP errors, later ones as an `error` event;
 * both reject with an ApiError carrying the server's code and message.
 */
export async function runAnalysis(
  body: CreateAnalysisBody,
  options: { idempotencyKey: string; onProgress?: (p: AnalysisProgressEvent) => void; signal?: AbortSignal },
): Promise<AnalysisResponse> {
  let res: Response;
  try {
    res = await fetch('/api/analyses/stream', {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json', accept: 'text/event-stream', 'idempotency-key': options.idempotencyKey },
      body: JSON.stringify(body),
      signal: options.signal,
    });
  } catch (e) {
    if ((e as Error).name === 'AbortError') throw e;
    throw new ApiError(0, 'NETWORK_ERROR', 'Could not reach Stockpilot. Check your connection and try again.');
  }
  if (!res.ok || !res.body || !res.headers.get('content-type')?.includes('text/event-stream')) {
    // Not a stream: an error (or a replayed result) in the usual JSON shape.
    return parseJsonAnswer(res);
  }
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  const feed = createSseParser();
  while (true) {
    const { value, done } = await reader.read();
    if (done) break;
    for (const ev of feed(value)) {
      if (ev.event === 'progress') options.onProgress?.(JSON.parse(ev.data) as AnalysisStreamEvents['progress']);
      else if (ev.event === 'result') {
        void reader.cancel();
        return (JSON.parse(ev.data) as AnalysisStreamEvents['result']).analysis;
      } else if (ev.event === 'error') {
        void reader.cancel();
        const { error } = JSON.parse(ev.data) as AnalysisStreamEvents['error'];
        throw new ApiError(500, error.code, error.message);
      }
    }
  }
  throw new ApiError(0, 'NETWORK_ERROR', 'The connection closed before the analysis finished. Nothing was charged; try again.');
}

async function parseJsonAnswer(res: Response): Promise<AnalysisResponse> {
  if (!res.ok) throw await readApiError(res);
  const text = await res.text();
  let data: unknown = null;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    data = null;
  }
  if (data && typeof data === 'object' && 'id' in data) return data as AnalysisResponse;
  throw new ApiError(res.status, 'HTTP_ERROR', `Request failed (${res.status}).`);
}
