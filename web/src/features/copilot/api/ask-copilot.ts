import type { CopilotAnswer, CopilotStreamEvents, SendMessageBody } from '../../../../../server/features/copilot/copilot.routes.ts';
import { ApiError, readApiError } from '../../../lib/api.ts';
import { createSseParser } from '../../../lib/sse-parse.ts';

export type { CopilotAnswer, CopilotCitationResponse as CopilotCitation, CopilotStreamEvents } from '../../../../../server/features/copilot/copilot.routes.ts';

/** What the page hears while an answer is on its way. */
interface AskListeners {
  onMeta?: (e: CopilotStreamEvents['meta']) => void;
  onTool?: (e: CopilotStreamEvents['tool']) => void;
  onText?: (delta: string) => void;
  /** The text so far is withdrawn (a retry or the offline fallback follows). */
  onReset?: (reason: string) => void;
}

/**
 * `POST /api/copilot/messages/stream`: asks, reports the tools and the text as they arrive, and resolves
 * with the stored answer (or refusal). Errors before the stream (402, 400, 404…) and an `error` event
 * both reject with an ApiError carrying the server's code and message.
 */
export async function askCopilot(body: SendMessageBody, options: AskListeners & { signal?: AbortSignal } = {}): Promise<CopilotAnswer> {
  let res: Response;
  try {
    res = await fetch('/api/copilot/messages/stream', {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json', accept: 'text/event-stream' },
      body: JSON.stringify(body),
      signal: options.signal,
    });
  } catch (e) {
    if ((e as Error).name === 'AbortError') throw e;
    throw new ApiError(0, 'NETWORK_ERROR', 'Could not reach Stockpilot. Check your connection and try again.');
  }
  if (!res.ok || !res.body) throw await readApiError(res);
  if (!res.headers.get('content-type')?.includes('text/event-stream')) return (await res.json()) as CopilotAnswer;
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  const feed = createSseParser();
  while (true) {
    const { value, done } = await reader.read();
    if (done) break;
    for (const ev of feed(value)) {
      const data = JSON.parse(ev.data) as CopilotStreamEvents[keyof CopilotStreamEvents];
      if (ev.event === 'meta') options.onMeta?.(data as CopilotStreamEvents['meta']);
      else if (ev.event === 'tool') options.onTool?.(data as CopilotStreamEvents['tool']);
      else if (ev.event === 'text') options.onText?.((data as CopilotStreamEvents['text']).delta);
      else if (ev.event === 'reset') options.onReset?.((data as CopilotStreamEvents['reset']).reason);
      else if (ev.event === 'done') {
        void reader.cancel();
        return (data as CopilotStreamEvents['done']).answer;
      } else if (ev.event === 'error') {
        void reader.cancel();
        const { error } = data as CopilotStreamEvents['error'];
        throw new ApiError(502, error.code, error.message);
      }
    }
  }
  throw new ApiError(0, 'NETWORK_ERROR', 'The connection closed before the answer arrived. If it was answered, it shows in the conversation.');
}
