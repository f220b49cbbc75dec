import { readFollowUp } from '../../../core/copilot/follow-up.ts';
import {
  type ConversationSubject,
  describeSubjectForModel,
  readStoredSubject,
  subjectOfModelAnswer,
  subjectOfPlan,
} from '../../../core/copilot/conversation-subject.ts';
import type { PlanContext } from '../../../core/copilot/plan-offline-answer.ts';
import type { Breaker, BreakerRule } from '../../../core/ai/circuit-breaker.ts';
import { randomUUID } from 'node:crypto';
import type {
  AnalysisSummaryRead,
  CopilotChart,
  CopilotCitation,
  CopilotDraft,
  CopilotFact,
  CopilotMode,
  CopilotToolResult,
  OfflinePlan,
  SymbolDirectoryEntry,
} from '../../../core/copilot/copilot-types.ts';
import { getActionCostMt } from '../../../core/tokens/costs.ts';
import { convertMtToTokens } from '../../../core/tokens/index.ts';
import type { Database } from '../../adapters/db/index.ts';
import { type LlmChatMessage, type LlmClient, LlmError } from '../../adapters/llm/types.ts';
import { enforceRateLimit, type RateLimitRule } from '../../http/rate-limit.ts';
import { AppError, isAppError } from '../../lib/errors.ts';
import type { Logger } from '../../lib/logger.ts';
import { UUID_RE } from '../../lib/uuid.ts';
import type { AnalysisRead } from '../analyses/index.ts';
import type { LedgerService } from '../tokens/index.ts';
import type { CopilotAnswer } from './copilot.routes.ts';
import { MAX_COPILOT_MESSAGE_CHARS } from './copilot.routes.ts';
import { findDanglingMarkers, stripMarkers, toCitations } from './citations.ts';
import type { FindUnbackedNumbers } from './checked-text.ts';
import { answerWithModel, type ModelEvents } from './copilot-llm.ts';
import {
  findConversation,
  findConversationState,
  insertTurn,
  listConversations,
  listRecentMessages,
  type StorageCaps,
  type StoredMessage,
  deleteConversation,
} from './copilot-store.ts';
import { type CopilotToolDeps, openToolSession, runCopilotTool, type ToolSession } from './tools/index.ts';
import { hrefForKind, withOrigin } from './tools/tool-session.ts';

/** How long one answer may take (model calls, tools, storing) before its hold is released and the caller told TIMEOUT. */
export const COPILOT_TIMEOUT_MS = 60_000;
/** How many earlier messages of the conversation a model sees (as context; figures are fetched again). */
const HISTORY_MESSAGES = 6;
const TITLE_CHARS = 80;

interface CopilotContext {
  db: Database;
  ledger: LedgerService;
  now: () => Date;
  logger: Logger;
  tools: CopilotToolDeps;
  /** The model, or null: then the offline copilot answers. */
  llm: LlmClient | null;
  planOffline(question: string, directory: readonly SymbolDirectoryEntry[], context?: PlanContext): OfflinePlan;
  findUnbacked: FindUnbackedNumbers;
  formatFact(f: CopilotFact): string;
  /** Symbols and names the offline parser recognises. */
  directory(): Promise<readonly SymbolDirectoryEntry[]>;
  /** Questions the copilot can answer, for the page and for refusals. */
  examples: readonly string[];
  timeoutMs: number;
  modelTimeoutMs?: number;
  /** Questions per user per fixed window (COPILOT_LIMITS in core). */
  questionRule: RateLimitRule;
  /** What one user may keep stored; the oldest is pruned (COPILOT_LIMITS in core). */
  storageCaps: StorageCaps;
  /** Stops calling a model that failed MODEL_BREAKER.failures times in a row, for its cool-down. */
  modelBreaker: Breaker;
  /** The analyses feature's build of a kind and the user's same-day run of it (a summary of a kind is read from it). */
  readAnalysis(userId: string, req: { symbol: string; kind: AnalysisRead['body']['kind']; subtype: AnalysisRead['body']['subtype'] }): Promise<AnalysisRead>;
}

/** A model that failed 3 times in a row is skipped for a minute: each question would otherwise wait out its timeout. */
export const MODEL_BREAKER: BreakerRule = { failures: 3, coolDownMs: 60_000 };

/**
 * The symbols and names the offline parser recognises: the universe the tools have data for (a name the parser
 * matches is one the tools can answer about). Loaded once, since the listings do not change while the process
 * runs; a failed load is retried on the next question.
 */
export function createSymbolDirectory(market: Pick<CopilotToolDeps['market'], 'listUniverse'>): () => Promise<SymbolDirectoryEntry[]> {
  let directory: Promise<SymbolDirectoryEntry[]> | null = null;
  return () => {
    directory ??= market.listUniverse().then((ls) => ls.map(({ symbol, name, type }) => ({ symbol, name, type })));
    directory.catch(() => {
      directory = null;
    });
    return directory;
  };
}

/** The question limit as the user reads it in the 429: the number comes from the limits themselves. */
export const describeQuestionRule = (perMinute: number, windowSeconds: number): RateLimitRule => ({
  limit: perMinute,
  windowSeconds,
  message: `You have asked this minute's ${perMinute} copilot questions.`,
});

type CopilotEvents = ModelEvents & {
  /** First event of an answer: once it is under way (its hold taken, or known to be a free refusal). */
  onMeta?(e: { conversation_id: string; message_id: string; mode: CopilotMode }): void;
};

interface AskRequest {
  userId: string;
  conversationId?: string | null;
  message: string;
}

type AnswerablePlan = Exclude<OfflinePlan, { kind: 'refusal' }>;
type SummaryPlan = Extract<OfflinePlan, { kind: 'summary' }>;

/** A free answer: the copilot could not answer from its tools (or could not check its own figures). */
class Refusal extends Error {
  constructor(
    readonly text: string,
    readonly mode: CopilotMode,
  ) {
    super(text);
  }
}

/** Today by the service's clock (UTC day): "last month" is read against it and the data's last day. */
const planContext = (ctx: Pick<CopilotContext, 'now'>): PlanContext => ({ today: ctx.now().toISOString().slice(0, 10) });

const getCopilotMode = (ctx: Pick<CopilotContext, 'llm'>): CopilotMode => (ctx.llm ? 'llm' : 'offline');

/**
 * Bad input refused before anything is charged or stored: the message and the conversation (404 for another user's).
 * An existing conversation comes with its stored subject, which a follow-up is read against.
 */
async function checkRequest(
  ctx: CopilotContext,
  req: AskRequest,
): Promise<{ question: string; conversationId: string | null; subject: ConversationSubject | null }> {
  const question = req.message.trim();
  if (!question) throw new AppError('VALIDATION_FAILED', 'message: Ask a question: the message is empty.', { field: 'message' });
  if (req.message.length > MAX_COPILOT_MESSAGE_CHARS) {
    throw new AppError('VALIDATION_FAILED', `message: At most ${MAX_COPILOT_MESSAGE_CHARS} characters.`, { field: 'message' });
  }
  const id = req.conversationId ?? null;
  if (id === null) return { question, conversationId: null, subject: null };
  const state = UUID_RE.test(id) ? await findConversationState(ctx.db, req.userId, id) : null;
  if (!state) throw new AppError('NOT_FOUND', 'No such conversation.', { field: 'conversation_id' });
  return { question, conversationId: id, subject: readStoredSubject(state.subject) };
}

/** Runs a plan's tool calls (reporting each) and composes its draft. */
async function runOfflinePlan(plan: Extract<OfflinePlan, { kind: 'tools' }>, session: ToolSession, events: ModelEvents): Promise<CopilotDraft> {
  const results: CopilotToolResult[] = [];
  for (const call of plan.calls) {
    events.onTool?.({ phase: 'call', tool: call.tool, symbol: 'symbol' in call.input && call.input.symbol ? call.input.symbol.toUpperCase() : null });
    const r = await runCopilotTool(session, call);
    events.onTool?.({ phase: 'result', tool: call.tool, symbol: r.symbol, ...(r.error ? { error: r.error } : {}) });
    results.push(r);
  }
  return plan.compose(results);
}

/** Why a draft cannot be shown (numbers its facts do not back, markers without a fact); null when it can. */
function checkDraft(ctx: CopilotContext, draft: CopilotDraft): string | null {
  const unbacked = ctx.findUnbacked(stripMarkers(draft.text), draft.facts);
  if (unbacked.length > 0) return `numbers no fact backs: ${unbacked.join(', ')}`;
  const dangling = findDanglingMarkers(draft);
  return dangling.length > 0 ? `markers without a fact: ${dangling.join(', ')}` : null;
}

/**
 * The offline copilot's answer to a question it parsed into tool calls (or a glossary entry): an answer
 * whose tools returned no fact (an unknown symbol, no data) is a refusal, as is one that fails the check.
 */
async function answerOffline(
  ctx: CopilotContext,
  plan: Exclude<OfflinePlan, { kind: 'refusal' }>,
  session: ToolSession,
  events: ModelEvents,
): Promise<CopilotDraft> {
  // `ask` answers a summary before the model or a hold; one reaching a fallback here is charged as any copilot answer.
  const draft =
    plan.kind === 'direct'
      ? plan.draft
      : plan.kind === 'summary'
        ? plan.compose(await readSummary(ctx, session.userId, plan))
        : await runOfflinePlan(plan, session, events);
  if (plan.kind !== 'direct' && draft.facts.length === 0) throw new Refusal(draft.text, 'offline');
  // A glossary entry is reviewed text from core/ whose numbers are formula constants ("1 − tax rate"), not figures.
  const problem = plan.kind === 'direct' && draft.facts.length === 0 ? null : checkDraft(ctx, draft);
  if (problem) {
    ctx.logger.error({ intent: plan.intent, problem }, 'copilot: an offline draft failed the number check; refused instead');
    throw new Refusal('I could not check the figures of that answer, so I will not give it. Try asking another way.', 'offline');
  }
  events.onText?.(draft.text);
  return draft;
}

function toModelError(e: LlmError): AppError {
  if (e.reason === 'timeout' || e.reason === 'aborted') {
    return new AppError('TIMEOUT', 'The AI model took too long to answer. Nothing was charged; please try again.', { cause: e });
  }
  return new AppError('UPSTREAM_ERROR', 'The AI model failed to answer. Nothing was charged; please try again.', { cause: e });
}

/** The conversation as the model sees it: recent turns, markers removed (their numbers were this turn's refs). */
async function loadHistory(ctx: CopilotContext, userId: string, conversationId: string | null): Promise<LlmChatMessage[]> {
  if (!conversationId) return [];
  const recent = await listRecentMessages(ctx.db, userId, conversationId, HISTORY_MESSAGES);
  return recent.map((m) => ({ role: m.role, content: stripMarkers(m.text) }));
}

interface Ids {
  conversationId: string;
  isNew: boolean;
  questionId: string;
  answerId: string;
}

function buildTurn(
  ctx: CopilotContext,
  userId: string,
  ids: Ids,
  question: string,
  answer: Pick<StoredMessage, 'text' | 'citations' | 'mode' | 'status' | 'costMt' | 'holdId'>,
  /** The conversation's subject after this turn; undefined leaves it as it was (a refusal). */
  subject?: ConversationSubject | null,
) {
  const createdAt = ctx.now().toISOString();
  const title = question.length > TITLE_CHARS ? `${question.slice(0, TITLE_CHARS - 1).trimEnd()}…` : question;
  return {
    conversation: { id: ids.conversationId, userId, title, isNew: ids.isNew, ...(subject === undefined ? {} : { subject }) },
    question: {
      id: ids.questionId,
      conversationId: ids.conversationId,
      userId,
      role: 'user' as const,
      text: question,
      citations: [],
      mode: null,
      status: null,
      costMt: 0,
      holdId: answer.holdId,
      createdAt,
    },
    answer: { id: ids.answerId, conversationId: ids.conversationId, userId, role: 'assistant' as const, createdAt, ...answer },
  };
}

function toAnswer(
  ids: Ids,
  a: { text: string; citations: CopilotCitation[]; costMt: number; mode: CopilotMode; status: 'answered' | 'refused' },
  examples: readonly string[],
  chart?: CopilotChart,
  offer?: CopilotDraft['offer'],
): CopilotAnswer {
  return {
    ...(chart ? { chart } : {}),
    ...(offer
      ? {
          offer: {
            kind: offer.kind,
            subtype: offer.subtype,
            symbol: offer.symbol,
            name: offer.name,
            href: offer.href,
            cost_tokens: convertMtToTokens(offer.cost_mt),
          },
        }
      : {}),
    conversation_id: ids.conversationId,
    message_id: ids.answerId,
    answer: a.text,
    citations: a.citations,
    tokens_charged: convertMtToTokens(a.costMt),
    mode: a.mode,
    status: a.status,
    examples: a.status === 'refused' ? [...examples] : [],
  };
}

/** Stores a refusal (free: no hold) and answers it with examples. */
async function storeRefusal(ctx: CopilotContext, userId: string, ids: Ids, question: string, r: Refusal): Promise<CopilotAnswer> {
  const answer = { text: r.text, citations: [], mode: r.mode, status: 'refused' as const, costMt: 0, holdId: null };
  await insertTurn(ctx.db, buildTurn(ctx, userId, ids, question, answer), ctx.storageCaps);
  return toAnswer(ids, answer, ctx.examples);
}

/**
 * Answers one question. Over the user's question limit it is refused first (429, nothing read, charged or
 * stored: a refusal is free, so without it a script could store them as fast as it likes), then bad input
 * (nothing charged or stored). An answered question
 * is charged through `ledger.chargeFor`: held before any work (402 when short), the answer computed,
 * checked and stored under the hold, then captured; a failure, timeout or refusal releases the hold.
 * Refusals are stored free; failures are not stored.
 */
export async function ask(ctx: CopilotContext, req: AskRequest, events: CopilotEvents = {}, answerId: string = randomUUID()): Promise<CopilotAnswer> {
  await enforceRateLimit(ctx.db, `copilot:${req.userId}`, ctx.questionRule, ctx.now());
  const { question, conversationId, subject } = await checkRequest(ctx, req);
  const ids: Ids = { conversationId: conversationId ?? randomUUID(), isNew: conversationId === null, questionId: randomUUID(), answerId };
  const mode = getCopilotMode(ctx);
  const meta = () => events.onMeta?.({ conversation_id: ids.conversationId, message_id: ids.answerId, mode });
  // The question is parsed before the hold. A summary of an analysis kind is charged by what the user owns, so it is
  // answered from that analysis in either mode (the model is not asked). Offline, a refusal is free and needs no tokens.
  // A follow-up ("and its debt?", "what about Microsoft?", "over 5 years?") is read against the conversation's subject.
  // With a model, the offline reading only looks for a summary: a directory that fails to load leaves the question to the model.
  const parsed = ctx.llm ? await readOffline(ctx, question, subject).catch(() => null) : await readOffline(ctx, question, subject);
  if (parsed?.plan.kind === 'summary') {
    const onMeta = () => events.onMeta?.({ conversation_id: ids.conversationId, message_id: ids.answerId, mode: 'offline' });
    return answerSummary(ctx, req.userId, ids, { question, read: parsed.read, subject }, parsed.plan, { ...events, onMeta });
  }
  let plan: AnswerablePlan | null = null;
  let read = question;
  if (parsed && !ctx.llm) {
    if (parsed.plan.kind === 'refusal') {
      meta();
      return storeRefusal(ctx, req.userId, ids, question, new Refusal(parsed.plan.text, 'offline'));
    }
    plan = parsed.plan;
    read = parsed.read;
  }
  // A trend's chart points travel with the answer (not stored: a reloaded conversation shows the text).
  let chart: CopilotChart | undefined;
  let offer: CopilotDraft['offer'];
  try {
    const charged = await ctx.ledger.chargeFor(
      req.userId,
      'copilot',
      `copilot:${ids.answerId}`,
      async ({ hold, signal }) => {
        meta();
        const session = openToolSession(ctx.tools, req.userId, signal);
        const result = plan
          ? { mode: 'offline' as const, draft: await answerOffline(ctx, plan, session, events), subject: subjectOfPlan(read, plan, subject) }
          : await answerLlm(ctx, req.userId, { conversationId, subject }, question, session, events, signal);
        chart = result.draft.chart;
        offer = result.draft.offer;
        const answer = {
          text: result.draft.text,
          citations: toCitations(result.draft.facts),
          mode: result.mode,
          status: 'answered' as const,
          costMt: hold.costMt,
          holdId: hold.id,
        };
        // The subject is written when it moved (or the conversation is new); an answer about no symbol leaves it.
        const nextSubject = result.subject === subject && !ids.isNew ? undefined : result.subject;
        await insertTurn(ctx.db, buildTurn(ctx, req.userId, ids, question, answer, nextSubject), ctx.storageCaps);
        return answer;
      },
      { timeoutMs: ctx.timeoutMs, meta: { conversation_id: ids.conversationId, message_id: ids.answerId, mode } },
    );
    return toAnswer(ids, charged.result, ctx.examples, chart, offer);
  } catch (e) {
    if (e instanceof Refusal) return storeRefusal(ctx, req.userId, ids, question, e);
    if (e instanceof LlmError) {
      ctx.logger.warn({ err: e, reason: e.reason, calls: e.log }, 'copilot: the model failed; nothing charged');
      throw toModelError(e);
    }
    throw e;
  }
}

/** The analyses feature's build as the summary writer reads it: its facts linking the analysis page; a user-level refusal as an error. */
async function readSummary(ctx: CopilotContext, userId: string, plan: SummaryPlan): Promise<AnalysisSummaryRead> {
  const { kind, subtype } = plan.of;
  const href = hrefForKind(kind, plan.symbol, subtype);
  try {
    const r = await ctx.readAnalysis(userId, { symbol: plan.symbol, kind, subtype });
    const page = hrefForKind(kind, r.symbol, subtype);
    return { symbol: r.symbol, as_of: r.asOf, facts: withOrigin(r.body.facts, r.symbol, page), note: r.body.note, href: page, owned: r.owned !== null };
  } catch (e) {
    if (!isAppError(e) || e.status >= 500) throw e;
    return { symbol: plan.symbol, as_of: '', facts: [], note: null, href, owned: false, error: { code: e.code, message: e.message } };
  }
}

/**
 * A summary of an analysis kind (issue 34): built by the analyses feature's own builder, checked like every offline
 * answer. Free when the user owns that analysis on that symbol for the data day (no hold, no ledger entry); otherwise
 * charged the copilot's price under a hold, with the offer to run the full analysis. Nothing it could not build is charged.
 */
async function answerSummary(
  ctx: CopilotContext,
  userId: string,
  ids: Ids,
  asked: { question: string; read: string; subject: ConversationSubject | null },
  plan: SummaryPlan,
  events: CopilotEvents & { onMeta(): void },
): Promise<CopilotAnswer> {
  const { question, read, subject } = asked;
  // Built before any hold: whether it is charged depends on what the user owns.
  const summary = await readSummary(ctx, userId, plan);
  const draft = plan.compose(summary);
  const problem = draft.facts.length === 0 ? draft.text : checkDraft(ctx, draft);
  if (problem) {
    if (draft.facts.length > 0) ctx.logger.error({ intent: plan.intent, problem }, 'copilot: a summary failed the number check; refused instead');
    events.onMeta();
    const text = draft.facts.length === 0 ? draft.text : 'I could not check the figures of that answer, so I will not give it. Try asking another way.';
    return storeRefusal(ctx, userId, ids, question, new Refusal(text, 'offline'));
  }
  const nextSubject = subjectOfPlan(read, plan, subject);
  const storeAnswer = async (costMt: number, holdId: string | null) => {
    events.onMeta();
    events.onText?.(draft.text);
    const answer = { text: draft.text, citations: toCitations(draft.facts), mode: 'offline' as const, status: 'answered' as const, costMt, holdId };
    await insertTurn(ctx.db, buildTurn(ctx, userId, ids, question, answer, nextSubject), ctx.storageCaps);
    return answer;
  };
  if (summary.owned) return toAnswer(ids, await storeAnswer(0, null), ctx.examples);
  const charged = await ctx.ledger.chargeFor(userId, 'copilot', `copilot:${ids.answerId}`, ({ hold }) => storeAnswer(hold.costMt, hold.id), {
    timeoutMs: ctx.timeoutMs,
    meta: { conversation_id: ids.conversationId, message_id: ids.answerId, mode: 'offline', summary_of: plan.of.kind },
  });
  return toAnswer(ids, charged.result, ctx.examples, undefined, draft.offer);
}

/**
 * The model's answer; when it fails the check twice, the offline copilot's (if it can parse the question), else a
 * refusal. When the model fails or its breaker is open, the offline copilot's answer if it has one, else a 502.
 */
async function answerLlm(
  ctx: CopilotContext,
  userId: string,
  conversation: { conversationId: string | null; subject: ConversationSubject | null },
  question: string,
  session: ToolSession,
  events: ModelEvents,
  signal: AbortSignal,
): Promise<{ mode: CopilotMode; draft: CopilotDraft; subject: ConversationSubject | null }> {
  const { conversationId, subject } = conversation;
  const client = ctx.llm!;
  const nowMs = ctx.now().getTime();
  // The model failing (down, overloaded, timing out) is not the user's problem when the offline copilot can
  // answer: it answers, under the same hold (charged once). A model the breaker has paused is not called at all.
  const answerOfflineInstead = async (why: string, cause?: unknown) => {
    const { plan, read } = await readOffline(ctx, question, subject);
    if (plan.kind === 'refusal') {
      if (cause instanceof LlmError) throw cause;
      const retryS = Math.max(1, Math.ceil(((ctx.modelBreaker.reopensAt() ?? nowMs) - nowMs) / 1000));
      throw new AppError('UPSTREAM_ERROR', `The AI model is paused after repeated failures; try again in ${retryS} s. Nothing was charged.`);
    }
    ctx.logger.warn({ model: client.model, why }, 'copilot: answering offline instead of the model');
    return { mode: 'offline' as const, draft: await answerOffline(ctx, plan, session, events), subject: subjectOfPlan(read, plan, subject) };
  };
  if (!ctx.modelBreaker.allows(nowMs)) return answerOfflineInstead('breaker open');
  const history = await loadHistory(ctx, userId, conversationId);
  const started = Date.now();
  let outcome: Awaited<ReturnType<typeof answerWithModel>>;
  try {
    outcome = await answerWithModel(
      {
        client,
        session,
        findUnbacked: ctx.findUnbacked,
        formatFact: ctx.formatFact,
        timeoutMs: ctx.modelTimeoutMs,
        signal,
        context: describeSubjectForModel(subject),
      },
      history,
      question,
      events,
    );
    ctx.modelBreaker.recordSuccess();
  } catch (e) {
    // The run's own deadline (the hold's signal) is not the model's failure: let it end the answer.
    if (!(e instanceof LlmError) || signal.aborted) throw e;
    ctx.modelBreaker.recordFailure(ctx.now().getTime());
    return answerOfflineInstead(`model failed: ${e.reason}`, e);
  }
  ctx.logger.info({ model: client.model, outcome: outcome.kind, calls: outcome.calls, ms: Date.now() - started }, 'copilot: model answer');
  if (outcome.kind === 'answer') {
    const draft = { text: outcome.text, facts: outcome.facts };
    return { mode: 'llm', draft, subject: subjectOfModelAnswer(draft, subject) };
  }
  if (outcome.kind === 'refusal') {
    throw new Refusal(`I can't answer that from our data${outcome.reason ? `: ${outcome.reason}` : '.'}`, 'llm');
  }
  ctx.logger.warn({ model: client.model, reason: outcome.reason }, 'copilot: the model answer failed the number check twice; trying the offline copilot');
  const { plan, read } = await readOffline(ctx, question, subject);
  if (plan.kind === 'refusal')
    throw new Refusal("I couldn't give an answer whose figures all check out against our data. Try one of the example questions.", 'llm');
  return { mode: 'offline', draft: await answerOffline(ctx, plan, session, events), subject: subjectOfPlan(read, plan, subject) };
}

/** The offline copilot's reading of a question: a follow-up against the conversation's subject, today by the service's clock. */
async function readOffline(ctx: CopilotContext, question: string, subject: ConversationSubject | null) {
  return readFollowUp(question, subject, await ctx.directory(), (q, d) => ctx.planOffline(q, d, planContext(ctx)));
}

// —— reading ——

export async function getConversationOrThrow(ctx: CopilotContext, userId: string, id: string) {
  const found = UUID_RE.test(id) ? await findConversation(ctx.db, userId, id) : null;
  if (!found) throw new AppError('NOT_FOUND', 'No such conversation.');
  return found;
}

async function listUserConversations(ctx: CopilotContext, userId: string, query: { limit: number; before?: { updatedAt: string; id: string } }) {
  const rows = await listConversations(ctx.db, userId, { limit: query.limit + 1, before: query.before });
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return { conversations: page, nextBefore: rows.length > query.limit && last ? { updatedAt: last.updatedAt, id: last.id } : null };
}

export async function deleteConversationOrThrow(ctx: CopilotContext, userId: string, id: string): Promise<void> {
  if (!UUID_RE.test(id) || !(await deleteConversation(ctx.db, userId, id))) throw new AppError('NOT_FOUND', 'No such conversation.');
}

/** The service bound to one context, for handlers and tests. */
export function createCopilotService(ctx: CopilotContext) {
  return {
    mode: getCopilotMode(ctx),
    /** The model breaker's state, for /api/health (null offline). */
    describeModelBreaker: () => (ctx.llm ? ctx.modelBreaker.state(ctx.now().getTime()) : null),
    model: ctx.llm?.model ?? null,
    examples: ctx.examples,
    costMt: getActionCostMt('copilot'),
    ask: (req: AskRequest, events?: CopilotEvents, answerId?: string) => ask(ctx, req, events, answerId),
    getConversationOrThrow: (userId: string, id: string) => getConversationOrThrow(ctx, userId, id),
    listConversations: (userId: string, query: { limit: number; before?: { updatedAt: string; id: string } }) => listUserConversations(ctx, userId, query),
    deleteConversationOrThrow: (userId: string, id: string) => deleteConversationOrThrow(ctx, userId, id),
  };
}

export type CopilotService = ReturnType<typeof createCopilotService>;
