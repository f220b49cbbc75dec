import { formatFactValue } from '../../../core/facts/format-fact.ts';
import type { PlanContext } from '../../../core/copilot/plan-offline-answer.ts';
import { type CopilotFact, type OfflinePlan, offlineExamples, planOfflineAnswer, type SymbolDirectoryEntry } from '../../../core/copilot/index.ts';
import { COPILOT_LIMITS } from '../../../core/copilot/copilot-limits.ts';
import type { LlmClient } from '../../adapters/llm/types.ts';
import type { AppContext, Feature } from '../../http/feature.ts';
import { type AnalysesService, defaultAnalysisRuns, loadAnalysisInputs, loadPriceHistory } from '../analyses/index.ts';
import type { MarketService } from '../market/index.ts';
import type { ScreenerService } from '../screener/index.ts';
import type { LedgerService } from '../tokens/index.ts';
import { type FindUnbackedNumbers, findUnbackedInText } from './checked-text.ts';
import { createCopilotHandlers } from './copilot.handlers.ts';
import {
  copilotStatusRoute,
  deleteConversationRoute,
  getConversationRoute,
  listConversationsRoute,
  MAX_COPILOT_BODY_BYTES,
  resumeStreamRoute,
  sendMessageRoute,
  streamMessageRoute,
} from './copilot.routes.ts';
import { createBreaker } from '../../../core/ai/circuit-breaker.ts';
import { COPILOT_TIMEOUT_MS, createCopilotService, createSymbolDirectory, describeQuestionRule, MODEL_BREAKER } from './copilot-service.ts';
import { AnswerStreams } from './copilot-streams.ts';
// The account export (data rights) reads this feature's rows through its store.
export { readCopilotForExport } from './copilot-store.ts';

export type { CopilotService } from './copilot-service.ts';

interface CopilotFeatureDeps {
  ledger: LedgerService;
  market: MarketService;
  analyses: AnalysesService;
  /** The screener's query service (the `screen` tool); without it the tool says it is not available. */
  screener?: ScreenerService;
  /** The configured model, or null: the offline copilot answers. */
  llm: LlmClient | null;
  /** Swappable for tests; default the offline copilot of core/copilot, the shared number check, the writer's formatting. */
  planOffline?(question: string, directory: readonly SymbolDirectoryEntry[], context?: PlanContext): OfflinePlan;
  findUnbacked?: FindUnbackedNumbers;
  formatFact?(f: CopilotFact): string;
  examples?: readonly string[];
  /** Tests shorten these. */
  timeoutMs?: number;
  modelTimeoutMs?: number;
}

/** `/api/copilot/*`: questions answered from our tools (by a model or the offline parser), conversations, status. */
export function createCopilotFeature(ctx: AppContext, deps: CopilotFeatureDeps): Feature {
  const service = createCopilotService({
    db: ctx.db,
    ledger: deps.ledger,
    now: ctx.now,
    logger: ctx.logger,
    llm: deps.llm,
    tools: {
      market: deps.market,
      runs: defaultAnalysisRuns,
      loadPriceHistory,
      loadAnalysisInputs,
      listAnalyses: (userId, q) => deps.analyses.listAnalyses(userId, q),
      screen: deps.screener ? (q) => deps.screener!.queryScreener(q) : undefined,
      screenerTable: deps.screener ? async () => (await deps.screener!.getScreenerSnapshot()).table : undefined,
    },
    planOffline: deps.planOffline ?? planOfflineAnswer,
    findUnbacked: deps.findUnbacked ?? findUnbackedInText,
    formatFact: deps.formatFact ?? formatFactValue,
    directory: createSymbolDirectory(deps.market),
    examples: deps.examples ?? offlineExamples,
    timeoutMs: deps.timeoutMs ?? COPILOT_TIMEOUT_MS,
    modelTimeoutMs: deps.modelTimeoutMs,
    questionRule: describeQuestionRule(ctx.env.COPILOT_QUESTIONS_PER_MINUTE ?? COPILOT_LIMITS.questionsPerMinute, COPILOT_LIMITS.windowSeconds),
    storageCaps: COPILOT_LIMITS,
    modelBreaker: createBreaker(MODEL_BREAKER),
    // A summary of a kind is built by the analyses feature, which also knows whether the user owns that run today.
    readAnalysis: (userId, req) => deps.analyses.readAnalysis(userId, req),
  });
  const metrics = ctx.metrics;
  if (metrics) {
    const breaker = service.describeModelBreaker;
    if (deps.llm) metrics.watchModelBreaker(() => breaker() ?? 'closed');
    // Counted where every answer passes (sent or streamed), by who wrote it: the share of model answers is what an operator watches.
    const ask = service.ask;
    service.ask = async (...args) => {
      const answer = await ask(...args);
      metrics.copilotAnswer(answer.mode, answer.status);
      return answer;
    };
  }
  const handlers = createCopilotHandlers(service, new AnswerStreams(), ctx.logger);
  return {
    name: 'copilot',
    largeBodies: { '/api/copilot/messages': MAX_COPILOT_BODY_BYTES, '/api/copilot/messages/stream': MAX_COPILOT_BODY_BYTES },
    // /api/health's adapters: whether the model is being called (closed), paused (open) or on trial (half_open).
    describe: (): Record<string, string> => {
      const breaker = service.describeModelBreaker();
      return breaker ? { copilot_model_breaker: breaker } : {};
    },
    routes(app) {
      app.openapi(sendMessageRoute, handlers.sendMessage);
      app.openapi(streamMessageRoute, handlers.streamMessage);
      app.openapi(resumeStreamRoute, handlers.resumeStream);
      app.openapi(listConversationsRoute, handlers.listConversations);
      app.openapi(getConversationRoute, handlers.getConversation);
      app.openapi(deleteConversationRoute, handlers.deleteConversation);
      app.openapi(copilotStatusRoute, handlers.getStatus);
    },
  };
}
