import type { CopilotStreamEventName, CopilotStreamEvents } from './copilot.routes.ts';
import { STREAM_EVENT_ID_PATTERN } from './copilot.routes.ts';

/** How long a finished stream stays replayable, and how many streams one process keeps at most. */
const STREAM_KEEP_MS = 5 * 60_000;
const MAX_STREAMS = 2000;

interface StreamEvent {
  seq: number;
  event: CopilotStreamEventName;
  data: unknown;
}

/**
 * One answer's events, kept so a client that lost its connection can resume after `Last-Event-ID`.
 * The answer does not depend on the connection: it finishes (and is stored, charged) either way.
 */
export class AnswerStream {
  readonly events: StreamEvent[] = [];
  done = false;
  finishedAt = 0;
  private wake: Array<() => void> = [];

  constructor(
    readonly userId: string,
    readonly messageId: string,
  ) {}

  push<E extends CopilotStreamEventName>(event: E, data: CopilotStreamEvents[E]): void {
    if (this.done) return;
    this.events.push({ seq: this.events.length + 1, event, data });
    if (event === 'done' || event === 'error') {
      this.done = true;
      this.finishedAt = Date.now();
    }
    const wake = this.wake;
    this.wake = [];
    for (const w of wake) w();
  }

  /** Resolves at the next event (or at once when there are events after `seq` or the stream is done). */
  waitAfter(seq: number): Promise<void> {
    if (this.events.length > seq || this.done) return Promise.resolve();
    return new Promise((resolve) => this.wake.push(resolve));
  }

  idOf(e: StreamEvent): string {
    return `${this.messageId}:${e.seq}`;
  }
}

/** The streams this process is answering or finished within STREAM_KEEP_MS. */
export class AnswerStreams {
  private readonly byMessage = new Map<string, AnswerStream>();

  open(userId: string, messageId: string): AnswerStream {
    this.sweep();
    const s = new AnswerStream(userId, messageId);
    this.byMessage.set(messageId, s);
    return s;
  }

  /** The user's stream, or null (unknown, expired, on another process, or another user's: indistinguishable). */
  find(userId: string, messageId: string): AnswerStream | null {
    const s = this.byMessage.get(messageId.toLowerCase());
    return s && s.userId === userId ? s : null;
  }

  private sweep(): void {
    const now = Date.now();
    for (const [id, s] of this.byMessage) if (s.done && now - s.finishedAt > STREAM_KEEP_MS) this.byMessage.delete(id);
    // Insertion order is age order: past the cap the oldest finished streams go first.
    if (this.byMessage.size >= MAX_STREAMS) {
      for (const [id, s] of this.byMessage) {
        if (this.byMessage.size < MAX_STREAMS) break;
        if (s.done) this.byMessage.delete(id);
      }
    }
  }
}

/** `<message id>:<n>` → its parts, or null when malformed. */
export function parseEventId(raw: string): { messageId: string; seq: number } | null {
  if (!STREAM_EVENT_ID_PATTERN.test(raw)) return null;
  const [messageId, seq] = raw.split(':');
  return { messageId: messageId!.toLowerCase(), seq: Number(seq) };
}
