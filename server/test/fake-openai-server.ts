import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { pathToFileURL } from 'node:url';

/**
 * A small OpenAI-compatible chat-completions server for tests, benches and e2e runs: a real node:http
 * server on 127.0.0.1 that the real `ai` SDK talks to over HTTP. POST /v1/chat/completions answers
 * non-streamed (`chat.completion`) or streamed (SSE `chat.completion.chunk` lines as OpenAI sends them:
 * a role chunk, content deltas, `tool_calls` deltas with the id and name first and the arguments split
 * across chunks, a finish chunk, a usage chunk when `stream_options.include_usage`, then `[DONE]`).
 * Each reply comes from a queue or a handler the test sets; every request body is recorded.
 */

// biome-ignore lint/suspicious/noExplicitAny: request bodies are free-form JSON as the SDK sends them
export type Json = Record<string, any>;

export interface FakeToolCall {
  name: string;
  /** An object (sent as its JSON) or the raw argument string (e.g. deliberately broken JSON). */
  arguments: unknown;
  id?: string;
}

/** One scripted answer. With none of `status`/`hang`, it is a normal completion. */
export interface FakeReply {
  /** Assistant content (plain text or a JSON document for structured output). */
  text?: string;
  toolCalls?: FakeToolCall[];
  /** Answer this HTTP status with an OpenAI-shaped error body instead (e.g. 500, 429). */
  status?: number;
  /** Never answer (not even headers): the client must time out or abort. */
  hang?: boolean;
  /** Milliseconds before the first byte (headers included). */
  delayMs?: number;
  /** Streamed only: milliseconds between chunks (the role chunk and the first delta go out together). */
  chunkDelayMs?: number;
  /** Streamed only: characters of content (and of tool arguments) per chunk; default 8. */
  chunkSize?: number;
  /** Reported token usage; default ≈ characters / 4 of the request messages and of the reply. */
  usage?: { prompt_tokens: number; completion_tokens: number };
  /** `finish_reason` override (default `tool_calls` when there are tool calls, else `stop`). */
  finishReason?: string;
}

/** What the server saw: the parsed body of every POST /v1/chat/completions, in arrival order. */
export interface FakeRequest {
  body: Json;
  headers: Record<string, string | string[] | undefined>;
  stream: boolean;
}

export type FakeHandler = (request: FakeRequest, index: number) => FakeReply | Promise<FakeReply>;

export interface FakeOpenAiServer {
  /** Base URL including `/v1`, as AI_BASE_URL takes it. */
  url: string;
  port: number;
  requests: FakeRequest[];
  /** Adds replies to the queue (used before the handler). */
  enqueue(...replies: FakeReply[]): void;
  /** Decides every reply once the queue is empty; without one an empty queue answers 500 "no reply scripted". */
  setHandler(handler: FakeHandler | null): void;
  /** Empties the queue and the request record. */
  reset(): void;
  close(): Promise<void>;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
const estimateTokens = (s: string) => Math.max(1, Math.ceil(s.length / 4));
const argumentsText = (a: unknown) => (typeof a === 'string' ? a : JSON.stringify(a));
const splitText = (s: string, size: number): string[] => {
  const out: string[] = [];
  for (let i = 0; i < s.length; i += size) out.push(s.slice(i, i + size));
  return out;
};

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let data = '';
    req.setEncoding('utf8');
    req.on('data', (c) => {
      data += c;
    });
    req.on('end', () => resolve(data));
    req.on('error', reject);
  });
}

function computeUsage(body: Json, reply: FakeReply) {
  const usage = reply.usage ?? {
    prompt_tokens: estimateTokens(JSON.stringify(body.messages ?? [])),
    completion_tokens: estimateTokens((reply.text ?? '') + (reply.toolCalls ?? []).map((t) => t.name + argumentsText(t.arguments)).join('')),
  };
  return { ...usage, total_tokens: usage.prompt_tokens + usage.completion_tokens };
}

function buildCompletion(body: Json, reply: FakeReply, id: string, created: number) {
  const toolCalls = (reply.toolCalls ?? []).map((t, i) => ({
    id: t.id ?? `call_${id.slice(-8)}${i}`,
    type: 'function',
    function: { name: t.name, arguments: argumentsText(t.arguments) },
  }));
  return {
    id,
    object: 'chat.completion',
    created,
    model: body.model,
    choices: [
      {
        index: 0,
        message: { role: 'assistant', content: reply.text ?? null, refusal: null, ...(toolCalls.length ? { tool_calls: toolCalls } : {}) },
        logprobs: null,
        finish_reason: reply.finishReason ?? (toolCalls.length ? 'tool_calls' : 'stop'),
      },
    ],
    usage: computeUsage(body, reply),
    system_fingerprint: 'fp_fake',
  };
}

/** The SSE chunks of a streamed reply, without the `data: ` framing. */
function buildChunks(body: Json, reply: FakeReply, id: string, created: number): Json[] {
  const includeUsage = body.stream_options?.include_usage === true;
  const size = reply.chunkSize ?? 8;
  const chunk = (delta: Json, finish: string | null = null): Json => ({
    id,
    object: 'chat.completion.chunk',
    created,
    model: body.model,
    system_fingerprint: 'fp_fake',
    choices: [{ index: 0, delta, logprobs: null, finish_reason: finish }],
    ...(includeUsage ? { usage: null } : {}),
  });
  const chunks: Json[] = [chunk({ role: 'assistant', content: '', refusal: null })];
  for (const piece of splitText(reply.text ?? '', size)) chunks.push(chunk({ content: piece }));
  (reply.toolCalls ?? []).forEach((t, index) => {
    const callId = t.id ?? `call_${id.slice(-8)}${index}`;
    // OpenAI opens a call with its id, type and name and empty arguments, then streams the arguments.
    chunks.push(chunk({ tool_calls: [{ index, id: callId, type: 'function', function: { name: t.name, arguments: '' } }] }));
    for (const piece of splitText(argumentsText(t.arguments), size)) chunks.push(chunk({ tool_calls: [{ index, function: { arguments: piece } }] }));
  });
  chunks.push(chunk({}, reply.finishReason ?? (reply.toolCalls?.length ? 'tool_calls' : 'stop')));
  if (includeUsage) {
    chunks.push({
      id,
      object: 'chat.completion.chunk',
      created,
      model: body.model,
      system_fingerprint: 'fp_fake',
      choices: [],
      usage: computeUsage(body, reply),
    });
  }
  return chunks;
}

const sendJson = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
};

export async function startFakeOpenAiServer(opts: { replies?: FakeReply[]; handler?: FakeHandler; port?: number } = {}): Promise<FakeOpenAiServer> {
  const queue: FakeReply[] = [...(opts.replies ?? [])];
  let handler: FakeHandler | null = opts.handler ?? null;
  const requests: FakeRequest[] = [];
  const sockets = new Set<Socket>();
  let closed = false;

  async function answer(req: IncomingMessage, res: ServerResponse) {
    if (req.method !== 'POST' || !req.url?.startsWith('/v1/chat/completions')) {
      return sendJson(res, 404, { error: { message: `fake server: no route ${req.method} ${req.url}`, type: 'invalid_request_error', code: null } });
    }
    let body: Json;
    try {
      body = JSON.parse(await readBody(req));
    } catch {
      return sendJson(res, 400, { error: { message: 'fake server: body is not JSON', type: 'invalid_request_error', code: null } });
    }
    const request: FakeRequest = { body, headers: req.headers, stream: body.stream === true };
    const index = requests.push(request) - 1;
    const reply = queue.shift() ?? (handler ? await handler(request, index) : { status: 500, text: 'fake server: no reply scripted' });
    if (reply.hang) return; // the socket stays open until the client gives up or the server closes
    if (reply.delayMs) await sleep(reply.delayMs);
    if (closed || res.destroyed) return;
    if (reply.status && reply.status >= 400) {
      return sendJson(res, reply.status, {
        error: { message: reply.text ?? 'The server had an error while processing your request.', type: 'server_error', param: null, code: null },
      });
    }
    const id = `chatcmpl-${randomUUID().replaceAll('-', '').slice(0, 24)}`;
    const created = Math.floor(Date.now() / 1000);
    if (!request.stream) return sendJson(res, 200, buildCompletion(body, reply, id, created));
    res.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache', connection: 'keep-alive' });
    const chunks = buildChunks(body, reply, id, created);
    for (const [i, c] of chunks.entries()) {
      if (closed || res.destroyed) return;
      res.write(`data: ${JSON.stringify(c)}\n\n`);
      // the role chunk goes out with the first delta, as OpenAI's does
      if (reply.chunkDelayMs && i > 0 && i < chunks.length - 1) await sleep(reply.chunkDelayMs);
    }
    res.end('data: [DONE]\n\n');
  }

  const server = createServer((req, res) => {
    answer(req, res).catch((e) => {
      if (!res.headersSent) sendJson(res, 500, { error: { message: `fake server: ${String(e)}`, type: 'server_error', code: null } });
      else res.destroy();
    });
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}/v1`,
    port,
    requests,
    enqueue: (...replies) => {
      queue.push(...replies);
    },
    setHandler: (h) => {
      handler = h;
    },
    reset: () => {
      queue.length = 0;
      requests.length = 0;
    },
    close: () => {
      closed = true;
      for (const s of sockets) s.destroy();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/**
 * CLI for e2e runs and manual tries: `tsx server/test/fake-openai-server.ts [--port N] [--replies file.json]`.
 * Without a replies file every request gets a short text answer echoing the last user message. Prints
 * `fake-openai listening on <url>` once ready.
 */
async function runCli(argv: string[]) {
  const flag = (name: string) => {
    const i = argv.indexOf(name);
    return i >= 0 ? argv[i + 1] : undefined;
  };
  const { readFile } = await import('node:fs/promises');
  const file = flag('--replies');
  const replies: FakeReply[] = file ? JSON.parse(await readFile(file, 'utf8')) : [];
  const echo: FakeHandler = (r) => {
    const last = [...(r.body.messages ?? [])].reverse().find((m: Json) => m.role === 'user');
    return { text: `You asked: ${typeof last?.content === 'string' ? last.content : JSON.stringify(last?.content ?? '')}` };
  };
  const fake = await startFakeOpenAiServer({ replies, handler: echo, port: Number(flag('--port') ?? 0) });
  console.log(`fake-openai listening on ${fake.url}`);
  const stop = () => fake.close().then(() => process.exit(0));
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) void runCli(process.argv.slice(2));
