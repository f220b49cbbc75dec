import { createRoute, z } from '@hono/zod-openapi';
import { HISTORY_RANGES } from '../../../core/market/ranges.ts';
import { apiRateLimits, MAX_API_PAGE_SIZE } from '../../../core/public-api/limits.ts';
import { ErrorSchema, withApiKey } from '../../http/openapi.ts';
import { AnalysisListSchema, AnalysisSchema, CreateAnalysisBodySchema, IdempotencyHeader, ListAnalysesQuerySchema } from '../analyses/index.ts';
import { FundamentalsQuerySchema, FundamentalsSchema, HistorySchema, QuoteSchema } from '../market/index.ts';
import { ScreenerQueryBodySchema, ScreenerResultSchema, ScreenerRowSchema } from '../screener/index.ts';
import { SubscriptionSchema } from '../tokens/index.ts';
import { errorExamples, type ErrorStatus, v1Examples } from './public-api.examples.ts';

import { PUBLIC_API_TAG } from '../../../core/public-api/openapi-names.ts';

export { PUBLIC_API_TAG };
const tags = [PUBLIC_API_TAG];

const SymbolParam = z.object({
  symbol: z
    .string()
    .max(32)
    .openapi({ param: { name: 'symbol', in: 'path' }, example: 'AAPL', description: 'Ticker; BRK-B, brk.b and BRK/B all mean BRK.B' }),
});

const int = { schema: { type: 'integer' as const } };
/** Sent on every answer to a valid key (IETF draft-ietf-httpapi-ratelimit-headers). */
const rateLimitHeaders = {
  'RateLimit-Limit': { description: 'Requests this key may make in the window for this kind of call (read or analyses)', ...int },
  'RateLimit-Remaining': { description: 'Requests left in the current window', ...int },
  'RateLimit-Reset': { description: 'Seconds until the window ends', ...int },
};

/** A JSON answer with its example and the rate-limit headers. */
const answer = <T extends z.ZodType>(schema: T, description: string, example: unknown) => ({
  description,
  headers: rateLimitHeaders,
  content: { 'application/json': { schema, example } },
});

const errorDescriptions: Record<ErrorStatus, string> = {
  400: 'Bad input (VALIDATION_FAILED naming the field, unknown fields included), or a key in the query string (API_KEY_IN_QUERY)',
  401: 'No key (UNAUTHORIZED), or a malformed, unknown or revoked one (INVALID_API_KEY: one answer for all three)',
  402: 'Not enough tokens (INSUFFICIENT_TOKENS); nothing charged',
  403: "The key's owner is not on Pro (PLAN_REQUIRED), or the key lacks the scope (INSUFFICIENT_SCOPE)",
  404: 'Unknown symbol (UNKNOWN_SYMBOL), no data for it (NO_DATA), or no such analysis (NOT_FOUND)',
  409: 'An analysis under the same Idempotency-Key is still running (CONFLICT)',
  413: 'Body too large (PAYLOAD_TOO_LARGE)',
  415: 'Not a JSON body (UNSUPPORTED_MEDIA_TYPE)',
  422: 'The same Idempotency-Key with another body (IDEMPOTENCY_KEY_REUSED), or the kind cannot run on the symbol (UNPROCESSABLE)',
  429: `Over the key's rate limit (RATE_LIMITED): ${apiRateLimits.read.limit} read and ${apiRateLimits.analyses.limit} analyses requests a minute; wait Retry-After seconds`,
};

/** Error answers in the common contract, each with an example; every v1 route can answer 400, 401, 403 and 429. */
function errors(...more: ErrorStatus[]) {
  const statuses = [...new Set<ErrorStatus>([400, 401, 403, 429, ...more])];
  return Object.fromEntries(
    statuses.map((s) => [
      s,
      {
        description: errorDescriptions[s],
        headers: s === 429 ? { ...rateLimitHeaders, 'Retry-After': { description: 'Seconds to wait before the next request', ...int } } : undefined,
        content: { 'application/json': { schema: ErrorSchema, example: errorExamples[s] } },
      },
    ]),
  );
}

const readNote = 'Free: read calls cost no tokens. Needs the `read` scope.';

export const v1QuoteRoute = createRoute({
  operationId: 'v1GetQuote',
  security: withApiKey,
  method: 'get',
  path: '/api/v1/quotes/{symbol}',
  tags,
  summary: 'Latest (delayed / snapshot) price and change',
  description: readNote,
  request: { params: SymbolParam, query: z.object({}).strict() },
  responses: { 200: answer(QuoteSchema, 'Quote', v1Examples.quote), ...errors(404) },
});

export const v1HistoryRoute = createRoute({
  operationId: 'v1GetPriceHistory',
  security: withApiKey,
  method: 'get',
  path: '/api/v1/history/{symbol}',
  tags,
  summary: 'Daily OHLCV (or month-end closes where only those exist) for a range, oldest first',
  description: readNote,
  request: { params: SymbolParam, query: z.object({ range: z.enum(HISTORY_RANGES).default('1y').openapi({ example: '1m' }) }).strict() },
  responses: { 200: answer(HistorySchema, 'Bars, oldest first', v1Examples.history), ...errors(404) },
});

export const v1FundamentalsRoute = createRoute({
  operationId: 'v1GetFundamentals',
  security: withApiKey,
  method: 'get',
  path: '/api/v1/fundamentals/{symbol}',
  tags,
  summary: 'Normalised annual and quarterly statements, every figure with its filing date; point in time with ?as_of=YYYY-MM-DD',
  description: `${readNote} With \`as_of\`, only figures filed on or before that day (no look-ahead).`,
  request: { params: SymbolParam, query: FundamentalsQuerySchema.strict() },
  responses: { 200: answer(FundamentalsSchema, 'Statements', v1Examples.fundamentals), ...errors(404) },
});

const RatiosSchema = z
  .object({
    symbol: z.string(),
    name: z.string(),
    values: ScreenerRowSchema.shape.values.openapi({
      description:
        'Every screener field by id (GET /api/screener/fields names them, with units): valuation and profitability ratios, growth, financial health with the Piotroski F, Altman Z and Beneish M scores, the technical rating, sector grades. Same ids and units as the analyses’ facts; null when missing.',
    }),
    data_as_of: z.string().openapi({ description: 'The newest price day of the figures', example: '2026-07-02' }),
  })
  .openapi('SymbolRatios');

export const v1RatiosRoute = createRoute({
  operationId: 'v1GetRatios',
  security: withApiKey,
  method: 'get',
  path: '/api/v1/ratios/{symbol}',
  tags,
  summary: 'Ratios and scores of one symbol: valuation, growth, profitability, health (Piotroski, Altman, Beneish), technical rating, grades',
  description: readNote,
  request: { params: SymbolParam, query: z.object({}).strict() },
  responses: { 200: answer(RatiosSchema, 'Ratios and scores', v1Examples.ratios), ...errors(404) },
});

export const v1ScreenerQueryRoute = createRoute({
  operationId: 'v1QueryScreener',
  security: withApiKey,
  method: 'post',
  path: '/api/v1/screener/query',
  tags,
  summary: 'Filter, sort and page the universe (the screener’s query)',
  description: `${readNote} \`page_size\` above ${MAX_API_PAGE_SIZE} and unknown fields are 400 VALIDATION_FAILED naming the field.`,
  request: { body: { required: true, content: { 'application/json': { schema: ScreenerQueryBodySchema, example: v1Examples.screenerQuery } } } },
  responses: { 200: answer(ScreenerResultSchema, 'One page of matching rows', v1Examples.screenerResult), ...errors(413, 415) },
});

export const v1CreateAnalysisRoute = createRoute({
  operationId: 'v1CreateAnalysis',
  security: withApiKey,
  method: 'post',
  path: '/api/v1/analyses',
  tags,
  summary: 'Run an analysis, charged exactly as in the app (only when it is stored)',
  description: `Needs the \`analyses\` scope; limited to ${apiRateLimits.analyses.limit} a minute per key. Costs the kind's tokens (GET /api/token-costs), held before the work and captured when the analysis is stored; a failure releases them. Send an \`Idempotency-Key\`: a retry with the same key and body answers the stored analysis (200) with no second charge; the same key with another body is 422 IDEMPOTENCY_KEY_REUSED.`,
  request: {
    headers: IdempotencyHeader,
    body: { required: true, content: { 'application/json': { schema: CreateAnalysisBodySchema, example: v1Examples.createAnalysis } } },
  },
  responses: {
    200: answer(AnalysisSchema, 'The analysis stored under this Idempotency-Key and body (not charged again)', v1Examples.analysis),
    201: answer(AnalysisSchema, 'The finished, stored and charged analysis', v1Examples.analysis),
    ...errors(402, 404, 409, 413, 415, 422),
    504: {
      description: 'The run took too long (TIMEOUT); nothing charged',
      content: { 'application/json': { schema: ErrorSchema, example: errorExamples[504] } },
    },
  },
});

export const v1ListAnalysesRoute = createRoute({
  operationId: 'v1ListAnalyses',
  security: withApiKey,
  method: 'get',
  path: '/api/v1/analyses',
  tags,
  summary: "The key owner's analyses, newest first (summaries)",
  description: `${readNote} \`limit\` at most ${MAX_API_PAGE_SIZE}; page with \`cursor\` = the previous page's \`next_cursor\`.`,
  request: { query: ListAnalysesQuerySchema.strict() },
  responses: { 200: answer(AnalysisListSchema, 'A page of analyses', v1Examples.analysisList), ...errors(404) },
});

export const v1GetAnalysisRoute = createRoute({
  operationId: 'v1GetAnalysis',
  security: withApiKey,
  method: 'get',
  path: '/api/v1/analyses/{id}',
  tags,
  summary: 'One stored analysis (re-opening is free); 404 for anyone but its owner',
  description: readNote,
  request: {
    params: z.object({
      id: z
        .string()
        .max(64)
        .openapi({ param: { name: 'id', in: 'path' }, example: v1Examples.analysis.id }),
    }),
    query: z.object({}).strict(),
  },
  responses: { 200: answer(AnalysisSchema, 'The stored analysis', v1Examples.analysis), ...errors(404) },
});

export const v1BalanceRoute = createRoute({
  operationId: 'v1GetBalance',
  security: withApiKey,
  method: 'get',
  path: '/api/v1/balance',
  tags,
  summary: "The key owner's plan and available tokens",
  description: readNote,
  request: { query: z.object({}).strict() },
  responses: { 200: answer(SubscriptionSchema, 'Plan and balance', v1Examples.balance), ...errors() },
});

export type SymbolRatiosResponse = z.infer<typeof RatiosSchema>;
