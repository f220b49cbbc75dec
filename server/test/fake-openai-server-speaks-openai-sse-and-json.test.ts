import { createOpenAI } from '@ai-sdk/openai';
import { generateText, streamText } from 'ai';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type FakeOpenAiServer, startFakeOpenAiServer } from './fake-openai-server.ts';

// biome-ignore lint/suspicious/noExplicitAny: SSE chunks are free-form JSON
type Chunk = any;

async function post(url: string, body: unknown) {
  return fetch(`${url}/chat/completions`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
}

/** The `data:` payloads of an SSE body, in order. */
const readSse = (text: string): string[] =>
  text
    .split('\n\n')
    .filter((l) => l.startsWith('data: '))
    .map((l) => l.slice('data: '.length));

describe('fake OpenAI server: the wire format the real API uses', () => {
  let fake: FakeOpenAiServer;
  beforeAll(async () => {
    fake = await startFakeOpenAiServer();
  });
  afterAll(() => fake.close());
  beforeEach(() => fake.reset());

  it('streams a role chunk, content in 8-character deltas, a stop chunk, a usage chunk and [DONE]', async () => {
    fake.enqueue({ text: 'Hello there, world', usage: { prompt_tokens: 11, completion_tokens: 4 } });
    const res = await post(fake.url, { model: 'm', stream: true, stream_options: { include_usage: true }, messages: [{ role: 'user', content: 'hi' }] });
    expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const data = readSse(await res.text());
    expect(data.at(-1)).toBe('[DONE]');
    const chunks: Chunk[] = data.slice(0, -1).map((d) => JSON.parse(d));
    expect(chunks.every((c) => c.object === 'chat.completion.chunk' && c.model === 'm')).toBe(true);
    expect(chunks[0].choices[0].delta).toEqual({ role: 'assistant', content: '', refusal: null });
    // "Hello there, world" is 18 characters: 8 + 8 + 2
    expect(chunks.slice(1, 4).map((c) => c.choices[0].delta.content)).toEqual(['Hello th', 'ere, wor', 'ld']);
    expect(chunks[4].choices[0]).toMatchObject({ delta: {}, finish_reason: 'stop' });
    expect(chunks[5]).toMatchObject({ choices: [], usage: { prompt_tokens: 11, completion_tokens: 4, total_tokens: 15 } });
    // with include_usage every earlier chunk carries usage: null, as OpenAI sends it
    expect(chunks.slice(0, 5).every((c) => c.usage === null)).toBe(true);
  });

  it('streams a tool call as OpenAI does: id and name first with empty arguments, then the arguments in pieces', async () => {
    fake.enqueue({ toolCalls: [{ id: 'call_1', name: 'get_quote', arguments: { symbol: 'AAPL' } }], chunkSize: 5 });
    const res = await post(fake.url, { model: 'm', stream: true, messages: [{ role: 'user', content: 'price?' }] });
    const chunks: Chunk[] = readSse(await res.text())
      .slice(0, -1)
      .map((d) => JSON.parse(d));
    const toolDeltas = chunks.flatMap((c) => c.choices[0]?.delta.tool_calls ?? []);
    expect(toolDeltas[0]).toEqual({ index: 0, id: 'call_1', type: 'function', function: { name: 'get_quote', arguments: '' } });
    // '{"symbol":"AAPL"}' is 17 characters: 5 + 5 + 5 + 2
    expect(toolDeltas.slice(1).map((d) => d.function.arguments)).toEqual(['{"sym', 'bol":', '"AAPL', '"}']);
    expect(toolDeltas.slice(1).every((d) => d.id === undefined && d.index === 0)).toBe(true);
    expect(chunks.at(-1).choices[0].finish_reason).toBe('tool_calls');
    // no include_usage asked: no usage chunk
    expect(chunks.some((c) => c.choices.length === 0)).toBe(false);
  });

  it('answers non-streamed with a chat.completion, records every body, and answers 500 with an OpenAI error body', async () => {
    fake.enqueue({ text: '{"a":1}' }, { status: 500 });
    const ok = await (await post(fake.url, { model: 'm', messages: [{ role: 'user', content: 'json' }] })).json();
    expect(ok).toMatchObject({ object: 'chat.completion', choices: [{ message: { role: 'assistant', content: '{"a":1}' }, finish_reason: 'stop' }] });
    const failed = await post(fake.url, { model: 'm', messages: [] });
    expect(failed.status).toBe(500);
    expect((await failed.json()).error.type).toBe('server_error');
    // an empty queue with no handler is a 500 too, so a test that scripted too few replies fails loudly
    expect((await post(fake.url, { model: 'm', messages: [] })).status).toBe(500);
    expect(fake.requests.map((r) => r.body.messages.length)).toEqual([1, 0, 0]);
  });

  it('the real ai SDK reads its streamed tool call and its text, and a handler sees each request', async () => {
    fake.setHandler((req, i) =>
      i === 0 ? { toolCalls: [{ name: 'lookup', arguments: { q: 'x' } }] } : { text: `call ${i + 1} saw ${req.body.messages.length} messages` },
    );
    const model = createOpenAI({ baseURL: fake.url, apiKey: 'k' }).chat('fake-model');
    const streamed = streamText({ model, prompt: 'go', maxRetries: 0 });
    const parts: string[] = [];
    for await (const p of streamed.fullStream) if (p.type === 'tool-call') parts.push(`${p.toolName}(${JSON.stringify(p.input)})`);
    expect(parts).toEqual(['lookup({"q":"x"})']);
    expect((await streamed.usage).inputTokens).toBeGreaterThan(0);
    const plain = await generateText({ model, prompt: 'again', maxRetries: 0 });
    expect(plain.text).toBe('call 2 saw 1 messages');
    expect(fake.requests.map((r) => r.stream)).toEqual([true, false]);
    fake.setHandler(null);
  });

  it('waits delayMs before the first byte and hangs forever when told to (until the client gives up)', async () => {
    fake.enqueue({ text: 'late', delayMs: 150 }, { hang: true });
    const t0 = performance.now();
    await post(fake.url, { model: 'm', messages: [] });
    expect(performance.now() - t0).toBeGreaterThanOrEqual(140);
    const hung = fetch(`${fake.url}/chat/completions`, { method: 'POST', body: '{}', signal: AbortSignal.timeout(200) });
    await expect(hung).rejects.toThrow(/abort|timeout/i);
  });
});
