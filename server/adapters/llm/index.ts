import type { Env } from '../../env.ts';
import type { Logger } from '../../lib/logger.ts';
import { createOpenAiCompatibleClient } from './openai-compatible/openai-compatible-client.ts';
import type { LlmCallLog, LlmClient } from './types.ts';

export type { LlmCallLog, LlmChatEvent, LlmChatMessage, LlmClient, LlmTool } from './types.ts';
export { LlmError } from './types.ts';

/**
 * The language model when AI_BASE_URL and AI_MODEL are both set; `null` otherwise (the offline default:
 * rule-based writer, intent-based copilot). AI_API_KEY is optional (Ollama and llama.cpp need none).
 */
export function createLlmClient(options: {
  env: Pick<Env, 'AI_BASE_URL' | 'AI_MODEL' | 'AI_API_KEY' | 'AI_TIMEOUT_MS'>;
  logger: Logger;
  onCall?: (log: LlmCallLog) => void;
}): LlmClient | null {
  const { env } = options;
  if (!env.AI_BASE_URL || !env.AI_MODEL) return null;
  return createOpenAiCompatibleClient({
    baseUrl: env.AI_BASE_URL,
    model: env.AI_MODEL,
    apiKey: env.AI_API_KEY,
    timeoutMs: env.AI_TIMEOUT_MS,
    logger: options.logger,
    onCall: options.onCall,
  });
}

/** How /api/health names the AI adapter: `offline` or `llm (<model>)`. */
export const describeLlm = (client: LlmClient | null): string => (client ? `llm (${client.model})` : 'offline');
