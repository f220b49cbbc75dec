import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { type FakeOpenAiServer, startFakeOpenAiServer } from '../../../test/fake-openai-server.ts';
import { createLlmClient, describeLlm } from '../index.ts';
import { type LlmChatEvent, type LlmClient, LlmError } from '../types.ts';

// biome-ignore lint/suspicious/noExplicitAny: log lines are free-form JSON
const logLines: any[] = [];
const logger = pino(
  { level: 'info' },
  new Writable({
    write(chunk, _enc, done) {
      logLines.push(JSON.parse(String(chunk)));
      done();
    },
  }),
);

const Verdict = z.object({ verdict: z.string(), score: z.number() });

async function collect(events: AsyncIterable<LlmChatEvent>): Promise<LlmChatEvent[]> {
  const out: LlmChatEvent[] = [];
  for await (const e of events) out.push(e);
  return out;
}

async function rejectionOf(p: Promise<unknown>): Promise<LlmError> {
  try {
    await p;
  } catch (e) {
    if (e instanceof LlmError) return e;
    throw e;
  }
  throw new Error('expected an LlmError');
}

describe('LLM client against a local OpenAI-compatible server', () => {
  let fake: FakeOpenAiServer;
  let client: LlmClient;
  beforeAll(async () => {
    fake = await startFakeOpenAiServer();
    client = createLlmClient({ env: { AI_BASE_URL: fake.url, AI_MODEL: 'fake-7b', AI_API_KEY: undefined, AI_TIMEOUT_MS: 400 }, logger })!;
  });
  afterAll(() => fake.close());
  beforeEach(() => {
    fake.reset();
    logLines.length = 0;
  });

  it('is null (offline) unless both AI_BASE_URL and AI_MODEL are set', () => {
    expect(createLlmClient({ env: { AI_BASE_URL: fake.url, AI_MODEL: undefined, AI_API_KEY: undefined, AI_TIMEOUT_MS: 1000 }, logger })).toBeNull();
    expect(createLlmClient({ env: { AI_BASE_URL: undefined, AI_MODEL: 'm', AI_API_KEY: undefined, AI_TIMEOUT_MS: 1000 }, logger })).toBeNull();
    expect(client.model).toBe('fake-7b');
    // what /api/health shows under adapters.ai
    expect(describeLlm(null)).toBe('offline');
    expect(describeLlm(client)).toBe('llm (fake-7b)');
  });

  describe('generateObject', () => {
    it('asks in JSON mode with the schema in the system prompt and parses the reply (even inside a code fence)', async () => {
      fake.enqueue({ text: '```json\n{"verdict":"Buy","score":7}\n```', usage: { prompt_tokens: 120, completion_tokens: 9 } });
      const { object, log } = await client.generateObject({ purpose: 'test', system: 'Be brief.', prompt: 'Rate it.', schema: Verdict });
      expect(object).toEqual({ verdict: 'Buy', score: 7 });
      const body = fake.requests[0]!.body;
      expect(body.response_format).toEqual({ type: 'json_object' });
      expect(body.messages[0].content).toContain('"score"');
      expect(body.stream).toBeFalsy();
      expect(log).toEqual([
        expect.objectContaining({ model: 'fake-7b', outcome: 'ok', attempt: 1, inputTokens: 120, outputTokens: 9, timeToFirstTokenMs: null }),
      ]);
      expect(logLines).toEqual([
        expect.objectContaining({ msg: 'llm call', llm: expect.objectContaining({ purpose: 'test', outcome: 'ok', latencyMs: expect.any(Number) }) }),
      ]);
    });

    it('retries once after a 500 and succeeds on the second call', async () => {
      fake.enqueue({ status: 500 }, { text: '{"verdict":"Hold","score":5}' });
      const { object, log } = await client.generateObject({ purpose: 'test', system: 's', prompt: 'p', schema: Verdict });
      expect(object.verdict).toBe('Hold');
      expect(fake.requests).toHaveLength(2);
      expect(log.map((l) => [l.attempt, l.outcome])).toEqual([
        [1, 'error'],
        [2, 'ok'],
      ]);
      expect(log[0]!.error).toMatch(/500/);
    });

    it('a hanging provider times out twice (2 calls) and throws LlmError timeout', async () => {
      fake.enqueue({ hang: true }, { hang: true });
      const t0 = performance.now();
      const err = await rejectionOf(client.generateObject({ purpose: 'test', system: 's', prompt: 'p', schema: Verdict, timeoutMs: 150 }));
      expect(err.reason).toBe('timeout');
      expect(fake.requests).toHaveLength(2);
      // two attempts of 150 ms each, not the SDK's default minutes
      expect(performance.now() - t0).toBeLessThan(2000);
      expect(err.log.map((l) => l.outcome)).toEqual(['timeout', 'timeout']);
    });

    it('output that is not the schema twice → invalid-output after 2 calls; a 400 is not retried', async () => {
      fake.enqueue({ text: 'I think it is a buy.' }, { text: '{"verdict":"Buy"}' });
      const bad = await rejectionOf(client.generateObject({ purpose: 'test', system: 's', prompt: 'p', schema: Verdict }));
      expect(bad.reason).toBe('invalid-output');
      expect(bad.log[1]!.error).toMatch(/score/);
      expect(fake.requests).toHaveLength(2);
      fake.reset();
      fake.enqueue({ status: 400, text: 'model not found' });
      const refused = await rejectionOf(client.generateObject({ purpose: 'test', system: 's', prompt: 'p', schema: Verdict }));
      expect(refused.reason).toBe('provider');
      expect(fake.requests).toHaveLength(1);
    });

    it('a caller abort stops at once, without a retry', async () => {
      fake.enqueue({ hang: true });
      const ac = new AbortController();
      setTimeout(() => ac.abort(), 50);
      const err = await rejectionOf(client.generateObject({ purpose: 'test', system: 's', prompt: 'p', schema: Verdict, signal: ac.signal }));
      expect(err.reason).toBe('aborted');
      expect(fake.requests).toHaveLength(1);
    });
  });

  describe('streamChat', () => {
    const quoteTool = {
      description: 'The latest price of a symbol',
      inputSchema: z.object({ symbol: z.string() }),
      execute: async ({ symbol }: { symbol: string }) => ({ symbol, price: 201.5 }),
    };

    it('round-trips a streamed tool call: the tool runs, its result goes back to the model, the final text streams', async () => {
      fake.enqueue(
        { toolCalls: [{ id: 'call_q', name: 'get_quote', arguments: { symbol: 'AAPL' } }], chunkSize: 4, usage: { prompt_tokens: 50, completion_tokens: 6 } },
        { text: 'AAPL last traded at $201.50.', chunkSize: 6, usage: { prompt_tokens: 80, completion_tokens: 10 } },
      );
      const events = await collect(
        client.streamChat({
          purpose: 'copilot-answer',
          system: 'Use tools.',
          messages: [{ role: 'user', content: 'AAPL price?' }],
          tools: { get_quote: quoteTool },
          maxSteps: 4,
        }),
      );
      expect(events.filter((e) => e.type !== 'text')).toEqual([
        { type: 'tool-call', toolCallId: 'call_q', toolName: 'get_quote', input: { symbol: 'AAPL' } },
        { type: 'tool-result', toolCallId: 'call_q', toolName: 'get_quote', output: { symbol: 'AAPL', price: 201.5 } },
        // usage is the sum of both calls: 50 + 80 in, 6 + 10 out
        { type: 'finish', text: 'AAPL last traded at $201.50.', usage: { inputTokens: 130, outputTokens: 16 }, calls: 2 },
      ]);
      // "AAPL last traded at $201.50." is 28 characters: 5 deltas of 6 and 4
      expect(events.filter((e) => e.type === 'text').length).toBe(5);
      // the second request carries the assistant's tool call and our tool result
      const second = fake.requests[1]!.body.messages;
      expect(second.at(-2)).toMatchObject({ role: 'assistant', tool_calls: [{ id: 'call_q', function: { name: 'get_quote' } }] });
      expect(second.at(-1)).toMatchObject({ role: 'tool', tool_call_id: 'call_q' });
      expect(JSON.parse(second.at(-1).content)).toEqual({ symbol: 'AAPL', price: 201.5 });
      expect(fake.requests[0]!.body.tools[0]).toMatchObject({ type: 'function', function: { name: 'get_quote' } });
      // one log line per model call, each with its time to first token
      const calls = logLines.filter((l) => l.msg === 'llm call').map((l) => l.llm);
      expect(calls).toHaveLength(2);
      expect(calls.every((c) => typeof c.timeToFirstTokenMs === 'number' && c.timeToFirstTokenMs <= c.latencyMs)).toBe(true);
      expect(calls.map((c) => c.inputTokens)).toEqual([50, 80]);
    });

    it('stops after maxSteps model calls even when the model keeps calling tools', async () => {
      fake.setHandler(() => ({ toolCalls: [{ name: 'get_quote', arguments: { symbol: 'MSFT' } }] }));
      const events = await collect(
        client.streamChat({ purpose: 't', system: 's', messages: [{ role: 'user', content: 'loop' }], tools: { get_quote: quoteTool }, maxSteps: 3 }),
      );
      fake.setHandler(null);
      expect(fake.requests).toHaveLength(3);
      expect(events.at(-1)).toMatchObject({ type: 'finish', calls: 3 });
    });

    it('a tool input its schema refuses reaches the model as an error, not a crash', async () => {
      fake.enqueue({ toolCalls: [{ id: 'bad', name: 'get_quote', arguments: { ticker: 1 } }] }, { text: 'Sorry.' });
      const events = await collect(
        client.streamChat({ purpose: 't', system: 's', messages: [{ role: 'user', content: 'x' }], tools: { get_quote: quoteTool }, maxSteps: 2 }),
      );
      expect(events.find((e) => e.type === 'tool-result')).toMatchObject({ toolCallId: 'bad', output: { error: expect.stringMatching(/symbol|invalid/i) } });
      expect(events.at(-1)).toMatchObject({ type: 'finish', text: 'Sorry.' });
    });

    it('a 500 before any output is retried once; a hang twice throws LlmError timeout', async () => {
      fake.enqueue({ status: 500 }, { text: 'Fine.' });
      const ok = await collect(client.streamChat({ purpose: 't', system: 's', messages: [{ role: 'user', content: 'x' }], tools: {}, maxSteps: 1 }));
      expect(ok.at(-1)).toMatchObject({ type: 'finish', text: 'Fine.' });
      expect(fake.requests).toHaveLength(2);
      fake.reset();
      fake.enqueue({ hang: true }, { hang: true });
      const err = await rejectionOf(
        collect(client.streamChat({ purpose: 't', system: 's', messages: [{ role: 'user', content: 'x' }], tools: {}, maxSteps: 1, timeoutMs: 150 })),
      );
      expect(err.reason).toBe('timeout');
      expect(fake.requests).toHaveLength(2);
    });

    it('a stream that stalls after its first text is not retried (the caller already showed it)', async () => {
      fake.enqueue({ text: 'Part one, then silence', chunkSize: 9, chunkDelayMs: 600 });
      const seen: string[] = [];
      const err = await rejectionOf(
        (async () => {
          for await (const e of client.streamChat({
            purpose: 't',
            system: 's',
            messages: [{ role: 'user', content: 'x' }],
            tools: {},
            maxSteps: 1,
            timeoutMs: 200,
          })) {
            if (e.type === 'text') seen.push(e.delta);
          }
        })(),
      );
      expect(err.reason).toBe('timeout');
      expect(seen[0]).toBe('Part one,');
      expect(fake.requests).toHaveLength(1);
    });
  });
});
