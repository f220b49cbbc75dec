import { createOpenAI } from '@ai-sdk/openai';
import { APICallError, generateText, type LanguageModel, NoObjectGeneratedError, Output, stepCountIs, streamText, type ToolSet, tool } from 'ai';
import type { z } from 'zod';
import type { Logger } from '../../../lib/logger.ts';
import { type LlmCallLog, type LlmChatEvent, type LlmClient, LlmError, type LlmTool } from '../types.ts';
import { describeJsonAnswer, parseJsonReply } from './json-reply.ts';

interface OpenAiCompatibleOptions {
  baseUrl: string;
  model: string;
  /** Local servers (Ollama, llama.cpp) need none; the SDK still wants a non-empty key. */
  apiKey?: string;
  timeoutMs: number;
  logger: Logger;
  /** Told of every attempt as it is logged (the /metrics counters of model calls). */
  onCall?: (log: LlmCallLog) => void;
}

type Reason = LlmError['reason'];

/** A failed attempt, classified: only timeouts, 5xx/429, dropped connections and unparseable output are worth a second try. */
interface AttemptFailure {
  reason: Reason;
  message: string;
  retryable: boolean;
}

const ATTEMPTS = 2;

function classifyError(e: unknown, timedOut: boolean, aborted: boolean): AttemptFailure {
  if (timedOut) return { reason: 'timeout', message: 'the model did not answer in time', retryable: true };
  if (aborted) return { reason: 'aborted', message: 'the call was stopped', retryable: false };
  if (e instanceof LlmError) return { reason: e.reason, message: e.message, retryable: e.reason === 'timeout' || e.reason === 'invalid-output' };
  if (APICallError.isInstance(e)) {
    const status = e.statusCode;
    const retryable = status === undefined || status >= 500 || status === 429;
    return { reason: 'provider', message: `provider answered ${status ?? 'no status'}: ${e.message.slice(0, 200)}`, retryable };
  }
  // fetch failures (connection refused or reset) arrive as TypeError / Error without a status
  return { reason: 'provider', message: e instanceof Error ? e.message.slice(0, 200) : String(e), retryable: true };
}

/** One attempt's abort wiring: the caller's signal, and a timer that `arm()` (re)starts. */
function startAttemptSignal(timeoutMs: number, outer?: AbortSignal) {
  const controller = new AbortController();
  const state = { timedOut: false, aborted: false };
  let timer: ReturnType<typeof setTimeout> | undefined;
  const onOuterAbort = () => {
    state.aborted = true;
    controller.abort(outer?.reason);
  };
  if (outer?.aborted) onOuterAbort();
  else outer?.addEventListener('abort', onOuterAbort, { once: true });
  const arm = () => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      state.timedOut = true;
      controller.abort(new Error('timeout'));
    }, timeoutMs);
  };
  const dispose = () => {
    clearTimeout(timer);
    outer?.removeEventListener('abort', onOuterAbort);
  };
  return { signal: controller.signal, state, arm, dispose, abort: () => controller.abort() };
}

const usageOf = (u: { inputTokens?: number | undefined; outputTokens?: number | undefined } | undefined) => ({
  inputTokens: u?.inputTokens ?? null,
  outputTokens: u?.outputTokens ?? null,
});

function toToolSet(tools: Record<string, LlmTool<unknown, unknown>>, fallbackSignal: AbortSignal): ToolSet {
  return Object.fromEntries(
    Object.entries(tools).map(([name, t]) => [
      name,
      tool({
        description: t.description,
        inputSchema: t.inputSchema,
        execute: (input: unknown, { abortSignal }) => t.execute(input, { signal: abortSignal ?? fallbackSignal }),
      }),
    ]),
  );
}

/*
 * An LlmClient for any OpenAI-compatible chat-completions endpoint (OpenAI, Ollama, vLLM, llama.cpp's
 * server) through the Vercel AI SDK's chat model. The SDK's own retries are off (`maxRetries: 0`):
 * this adapter retries once itself so every attempt is timed and logged.
 */
export function createOpenAiCompatibleClient(opts: OpenAiCompatibleOptions): LlmClient {
  const provider = createOpenAI({ baseURL: opts.baseUrl, apiKey: opts.apiKey || 'not-needed', name: 'openai-compatible' });
  const model: LanguageModel = provider.chat(opts.model);
  const logger = opts.logger.child({ adapter: 'llm', model: opts.model });

  const record = (logs: LlmCallLog[], entry: Omit<LlmCallLog, 'model'>) => {
    const log: LlmCallLog = { model: opts.model, ...entry };
    logs.push(log);
    if (log.outcome === 'ok') logger.info({ llm: log }, 'llm call');
    else logger.warn({ llm: log }, 'llm call failed');
    opts.onCall?.(log);
  };

  async function generateObject<T>(args: {
    purpose: string;
    system: string;
    prompt: string;
    schema: z.ZodType<T>;
    signal?: AbortSignal;
    timeoutMs?: number;
    maxAttempts?: 1 | 2;
  }): Promise<{ object: T; log: LlmCallLog[] }> {
    const logs: LlmCallLog[] = [];
    const system = `${args.system}\n\n${describeJsonAnswer(args.schema)}`;
    let failure: AttemptFailure | null = null;
    for (let attempt = 1; attempt <= (args.maxAttempts ?? ATTEMPTS); attempt++) {
      const started = performance.now();
      const call = startAttemptSignal(args.timeoutMs ?? opts.timeoutMs, args.signal);
      call.arm();
      let text: string | undefined;
      let usage: ReturnType<typeof usageOf> = usageOf(undefined);
      try {
        // JSON mode (`response_format: json_object`) without a schema: every compatible server takes it.
        const result = await generateText({ model, system, prompt: args.prompt, output: Output.json(), maxRetries: 0, abortSignal: call.signal });
        text = result.text;
        usage = usageOf(result.usage);
      } catch (e) {
        if (NoObjectGeneratedError.isInstance(e) && !call.state.timedOut && !call.state.aborted) {
          text = e.text ?? '';
          usage = usageOf(e.usage);
        } else failure = classifyError(e, call.state.timedOut, call.state.aborted);
      } finally {
        call.dispose();
      }
      const latencyMs = Math.round(performance.now() - started);
      if (text !== undefined) {
        const parsed = parseJsonReply(text, args.schema);
        if (parsed.ok) {
          record(logs, { purpose: args.purpose, outcome: 'ok', latencyMs, timeToFirstTokenMs: null, ...usage, attempt });
          return { object: parsed.value, log: logs };
        }
        failure = { reason: 'invalid-output', message: parsed.error, retryable: true };
      }
      const f = failure as AttemptFailure;
      record(logs, { purpose: args.purpose, outcome: outcomeOf(f.reason), latencyMs, timeToFirstTokenMs: null, ...usage, attempt, error: f.message });
      if (!f.retryable) break;
    }
    const f = failure as AttemptFailure;
    throw new LlmError(`The model call failed: ${f.message}`, f.reason, logs);
  }

  async function* streamAttempt(
    args: Parameters<LlmClient['streamChat']>[0],
    attempt: number,
    logs: LlmCallLog[],
    call: ReturnType<typeof startAttemptSignal>,
  ): AsyncGenerator<LlmChatEvent> {
    let stepStart = performance.now();
    let firstTokenAt: number | null = null;
    let calls = 0;
    let text = '';
    const markToken = () => {
      firstTokenAt ??= performance.now();
    };
    call.arm();
    const result = streamText({
      model,
      system: args.system,
      messages: args.messages.map((m) => ({ role: m.role, content: m.content })),
      tools: toToolSet(args.tools, call.signal),
      stopWhen: stepCountIs(args.maxSteps),
      maxRetries: 0,
      abortSignal: call.signal,
      // errors surface as `error` parts below; the default handler would only print them
      onError: () => {},
    });
    try {
      for await (const part of result.fullStream) {
        // the timeout is the longest silence: a long but flowing answer is not cut off
        call.arm();
        switch (part.type) {
          case 'start-step':
            stepStart = performance.now();
            firstTokenAt = null;
            break;
          case 'text-delta':
            markToken();
            text += part.text;
            yield { type: 'text', delta: part.text };
            break;
          case 'tool-input-start':
          case 'tool-input-delta':
            markToken();
            break;
          case 'tool-call':
            markToken();
            yield { type: 'tool-call', toolCallId: part.toolCallId, toolName: part.toolName, input: part.input };
            break;
          case 'tool-result':
            yield { type: 'tool-result', toolCallId: part.toolCallId, toolName: part.toolName, output: part.output };
            break;
          case 'tool-error':
            // a tool that threw (or got input its schema refused): the model read the error; the caller sees it as the result
            yield { type: 'tool-result', toolCallId: part.toolCallId, toolName: part.toolName, output: { error: String(part.error) } };
            break;
          case 'finish-step': {
            calls++;
            const now = performance.now();
            record(logs, {
              purpose: args.purpose,
              outcome: 'ok',
              latencyMs: Math.round(now - stepStart),
              timeToFirstTokenMs: firstTokenAt === null ? null : Math.round(firstTokenAt - stepStart),
              ...usageOf(part.usage),
              attempt,
            });
            // the next step's silence starts now, not at the last delta
            break;
          }
          case 'error':
            throw part.error;
          case 'abort':
            throw new Error('aborted');
          case 'finish':
            if (calls === 0) throw new LlmError('the model answered nothing', 'invalid-output');
            yield { type: 'finish', text, usage: usageOf(part.totalUsage), calls };
            return;
        }
      }
      if (call.signal.aborted) throw new Error('aborted');
    } catch (e) {
      const f = classifyError(e, call.state.timedOut, call.state.aborted);
      record(logs, {
        purpose: args.purpose,
        outcome: outcomeOf(f.reason),
        latencyMs: Math.round(performance.now() - stepStart),
        timeToFirstTokenMs: firstTokenAt === null ? null : Math.round(firstTokenAt - stepStart),
        inputTokens: null,
        outputTokens: null,
        attempt,
        error: f.message,
      });
      throw new AttemptError(f);
    }
  }

  async function* streamChat(args: Parameters<LlmClient['streamChat']>[0]): AsyncGenerator<LlmChatEvent> {
    const logs: LlmCallLog[] = [];
    for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
      const call = startAttemptSignal(args.timeoutMs ?? opts.timeoutMs, args.signal);
      let emitted = false;
      try {
        for await (const event of streamAttempt(args, attempt, logs, call)) {
          emitted = true;
          yield event;
        }
        return;
      } catch (e) {
        const f = e instanceof AttemptError ? e.failure : classifyError(e, call.state.timedOut, call.state.aborted);
        // once text reached the caller a second attempt would repeat it: only a silent failure is retried
        if (emitted || !f.retryable || attempt === ATTEMPTS) throw new LlmError(`The model call failed: ${f.message}`, f.reason, logs);
      } finally {
        call.dispose();
        // a consumer that stopped early (break) must not leave the request running
        call.abort();
      }
    }
  }

  return { model: opts.model, baseUrl: opts.baseUrl, generateObject, streamChat };
}

class AttemptError extends Error {
  constructor(readonly failure: AttemptFailure) {
    super(failure.message);
  }
}

const outcomeOf = (reason: Reason): LlmCallLog['outcome'] => (reason === 'timeout' ? 'timeout' : reason === 'aborted' ? 'aborted' : 'error');
