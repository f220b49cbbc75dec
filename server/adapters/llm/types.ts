import type { z } from 'zod';

/*
 * The one interface the features use for a language model (DESIGN §1): any OpenAI-compatible
 * chat-completions endpoint (OpenAI, Ollama, vLLM, llama.cpp's server) through the Vercel AI SDK.
 * With no AI_BASE_URL/AI_MODEL configured there is no client (`null`) and the features use their
 * rule-based writer and the offline copilot instead; nothing pretends to be a model.
 */

/** What every model call logs (pino) and reports to its caller. */
export interface LlmCallLog {
  /** Why the call was made, e.g. `analysis-note`, `copilot-answer`. */
  purpose: string;
  model: string;
  outcome: 'ok' | 'error' | 'timeout' | 'aborted';
  latencyMs: number;
  /** Milliseconds to the first streamed text or tool-call delta; null for non-streamed calls or no output. */
  timeToFirstTokenMs: number | null;
  inputTokens: number | null;
  outputTokens: number | null;
  /** Attempt number, 1-based: a failed first attempt is retried once. */
  attempt: number;
  error?: string;
}

/** A tool the model may call: our service behind a zod-typed input. `execute` must never throw for bad input; it returns an error object the model can read. */
export interface LlmTool<I = unknown, O = unknown> {
  description: string;
  inputSchema: z.ZodType<I>;
  execute(input: I, opts: { signal: AbortSignal }): Promise<O>;
}

export type LlmChatMessage = { role: 'user' | 'assistant'; content: string };

/** What a streamed chat emits, in order: text deltas and tool activity, then exactly one `finish` (or the iterator throws). */
export type LlmChatEvent =
  | { type: 'text'; delta: string }
  | { type: 'tool-call'; toolCallId: string; toolName: string; input: unknown }
  | { type: 'tool-result'; toolCallId: string; toolName: string; output: unknown }
  | { type: 'finish'; text: string; usage: { inputTokens: number | null; outputTokens: number | null }; calls: number };

export interface LlmClient {
  readonly model: string;
  /** For /api/health and the UI ("Written by <model>"). */
  readonly baseUrl: string;
  /**
   * Structured output (JSON matching `schema`), one model call plus at most one retry on a timeout,
   * a 5xx or unparseable output. Throws LlmError when both attempts fail.
   */
  generateObject<T>(opts: {
    purpose: string;
    system: string;
    prompt: string;
    schema: z.ZodType<T>;
    signal?: AbortSignal;
    timeoutMs?: number;
    /** 1 turns the retry off (a caller with its own call budget, e.g. at most 3 calls per analysis); default 2. */
    maxAttempts?: 1 | 2;
  }): Promise<{ object: T; log: LlmCallLog[] }>;
  /**
   * A streamed chat with tool calls: the SDK runs the tool loop for at most `maxSteps` model calls.
   * Abort `signal` to stop. Throws LlmError (before or during the stream) on timeout or provider error.
   */
  streamChat(opts: {
    purpose: string;
    system: string;
    messages: LlmChatMessage[];
    // biome-ignore lint/suspicious/noExplicitAny: each tool has its own input type; the record holds them all (inputs are contravariant)
    tools: Record<string, LlmTool<any, any>>;
    maxSteps: number;
    signal?: AbortSignal;
    timeoutMs?: number;
  }): AsyncIterable<LlmChatEvent>;
}

export class LlmError extends Error {
  constructor(
    message: string,
    readonly reason: 'timeout' | 'provider' | 'invalid-output' | 'aborted',
    readonly log: LlmCallLog[] = [],
  ) {
    super(message);
    this.name = 'LlmError';
  }
}
