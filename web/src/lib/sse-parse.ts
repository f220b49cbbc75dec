/** One Server-Sent Event: its `event:` name (`message` when absent) and its joined `data:` lines. */
export interface SseEvent {
  event: string;
  data: string;
}

/**
 * A stateful parser for a `text/event-stream` body read in arbitrary chunks: feed it each decoded chunk,
 * get back the events completed by it. Network chunks split lines and events anywhere, so the tail
 * waits for the next chunk.
 */
export function createSseParser(): (chunk: string) => SseEvent[] {
  let buffer = '';
  let event = '';
  let data: string[] = [];
  return (chunk) => {
    buffer += chunk;
    const out: SseEvent[] = [];
    const lines = buffer.split(/\r\n|\r|\n/);
    buffer = lines.pop() ?? '';
    for (const line of lines) {
      if (line === '') {
        if (data.length > 0) out.push({ event: event || 'message', data: data.join('\n') });
        event = '';
        data = [];
        continue;
      }
      if (line.startsWith(':')) continue;
      const colon = line.indexOf(':');
      const field = colon === -1 ? line : line.slice(0, colon);
      const value = colon === -1 ? '' : line.slice(colon + 1).replace(/^ /, '');
      if (field === 'event') event = value;
      else if (field === 'data') data.push(value);
    }
    return out;
  };
}
