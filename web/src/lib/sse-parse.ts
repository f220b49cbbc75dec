import { createParser } from 'eventsource-parser';

/** One Server-Sent Event: its `event:` name (`message` when absent) and its joined `data:` lines. */
export interface SseEvent {
  event: string;
  data: string;
}

/**
 * A stateful parser for a `text/event-stream` body read in arbitrary chunks: feed it each decoded chunk,
 * get back the events completed by it. The parsing is eventsource-parser's (pinned in package.json; 3.x,
 * as 4.x needs Node 22): network chunks split lines and events anywhere, a CRLF may arrive as CR then LF,
 * and a hand-written parser got that wrong (it ended the event early).
 */
export function createSseParser(): (chunk: string) => SseEvent[] {
  let out: SseEvent[] = [];
  const parser = createParser({ onEvent: (e) => out.push({ event: e.event ?? 'message', data: e.data }) });
  return (chunk) => {
    parser.feed(chunk);
    const done = out;
    out = [];
    return done;
  };
}
