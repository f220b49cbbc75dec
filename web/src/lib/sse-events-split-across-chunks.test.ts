import { describe, expect, it } from 'vitest';
import { createSseParser } from './sse-parse.ts';

describe('an event stream read in chunks that split lines and events anywhere', () => {
  it('an event split mid-line comes out once, when its blank line arrives', () => {
    const feed = createSseParser();
    expect(feed('event: prog')).toEqual([]);
    expect(feed('ress\ndata: {"step":"load",')).toEqual([]);
    expect(feed('"index":1}\n')).toEqual([]);
    expect(feed('\n')).toEqual([{ event: 'progress', data: '{"step":"load","index":1}' }]);
  });

  it('two events and a comment in one chunk, CRLF line ends: both events, comment ignored', () => {
    const feed = createSseParser();
    const chunk = ': keep-alive\r\n\r\nevent: progress\r\ndata: a\r\n\r\nevent: result\r\ndata: b\r\n\r\n';
    expect(feed(chunk)).toEqual([
      { event: 'progress', data: 'a' },
      { event: 'result', data: 'b' },
    ]);
  });

  it('several data lines join with newlines; no event name means "message"', () => {
    const feed = createSseParser();
    expect(feed('data: line one\ndata:line two\n\n')).toEqual([{ event: 'message', data: 'line one\nline two' }]);
  });

  it('a CRLF split between two chunks ends one line, not an event: both data lines stay in one event', () => {
    const feed = createSseParser();
    expect(feed('event: text\r\ndata: a\r')).toEqual([]);
    expect(feed('\ndata: b\r\n\r\n')).toEqual([{ event: 'text', data: 'a\nb' }]);
  });
});
