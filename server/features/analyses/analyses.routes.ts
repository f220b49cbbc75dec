import { createRoute, z } from '@hono/zod-openapi';
import { fundamentalSubtypes } from '../../../core/analysis/analysis-types.ts';
import { analysisKinds } from '../../../core/tokens/costs.ts';
import { DcfInputsSchema } from '../../http/dcf-inputs.ts';
import { ErrorSchema, errorResponses, jsonContent, signedIn } from '../../http/openapi.ts';

/** Bodies above this are refused with 413 PAYLOAD_TOO_LARGE before they are parsed. */
export const MAX_ANALYSIS_BODY_BYTES = 4 * 1024;
const MAX_IDEMPOTENCY_KEY_LENGTH = 200;

const Kind = z.enum(analysisKinds).openapi({ description: 'What to run; each kind has its own cost (GET /api/token-costs)' });
const Subtype = z.enum(fundamentalSubtypes).openapi({ description: 'Fundamental analysis tab; only with kind `fundamental`' });
const Tokens = z.number().openapi({ description: 'Tokens, at most 3 decimals', example: 0.8 });
const CalendarDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .openapi({ example: '2026-07-02' });

export const CreateAnalysisBodySchema = z
  .object({
    symbol: z.string().min(1).max(32).openapi({ example: 'AAPL', description: 'Ticker; BRK-B, brk.b and BRK/B all mean BRK.B' }),
    kind: Kind,
    subtype: Subtype.nullable().optional().openapi({ description: 'Fundamental tab (default `overview`); must be absent or null for every other kind' }),
    dcf_inputs: DcfInputsSchema.optional().openapi({
      description: 'Kind `dcf` only: the DCF studio assumptions to value with instead of the history-derived defaults (part of the request fingerprint)',
    }),
  })
  .strict()
  .openapi('CreateAnalysis');

export const IdempotencyHeader = z.object({
  'idempotency-key': z
    .string()
    .min(1)
    .max(MAX_IDEMPOTENCY_KEY_LENGTH)
    .regex(/^[\x21-\x7e]+$/)
    .optional()
    .openapi({
      param: { name: 'idempotency-key', in: 'header' },
      description:
        'One per click. A retry with the same key and body answers the stored analysis without a second charge; the same key with another body is 422 IDEMPOTENCY_KEY_REUSED. Without a key every request is a new, separately charged run.',
      example: 'run-3f1c2a9e',
    }),
});

const FactSchema = z
  .object({
    key: z.string().openapi({ example: 'rsi_14' }),
    label: z.string(),
    value: z.union([z.number(), z.string()]).openapi({ description: 'A finite number, or a label when unit is `label`' }),
    unit: z.enum(['percent', 'usd', 'usd_per_share', 'ratio', 'times', 'score', 'count', 'shares', 'years', 'label']),
    period: z.string(),
    source: z.string(),
    as_of: z.string(),
  })
  .openapi('AnalysisFact');

const SentenceSchema = z.object({ text: z.string(), fact_keys: z.array(z.string()) }).openapi('AnalysisSentence');

const NoteSchema = z
  .object({
    headline: SentenceSchema,
    strengths: z.array(SentenceSchema),
    risks: z.array(SentenceSchema),
    verdict: SentenceSchema,
    writer: z.string().openapi({
      description: '`rule-based`, or `llm:<model>` when a language model wrote the note and every number in it matched the facts',
      example: 'rule-based',
    }),
    writer_note: z.string().optional().openapi({ description: 'Why the rule-based writer wrote the note although a language model is configured' }),
  })
  .openapi('AnalysisNote');

const ContributionSchema = z
  .object({
    key: z.string().openapi({ example: 'rsi_14' }),
    label: z.string().openapi({ example: 'RSI (14)' }),
    value: z.number().nullable().openapi({ description: 'The input’s reading (percent for fractions), or null when it could not be measured' }),
    contribution: z
      .number()
      .openapi({ description: 'The input’s share of the score, in the score’s unit, rounded to the attribution’s `decimals`', example: -0.0455 }),
    explanation: z.string().openapi({ example: 'RSI 74.10, RSI a bar earlier 75.20 → sell: −1 of 11 oscillator votes = −1/22 of the score (−0.0455)' }),
  })
  .openapi('AttributionContribution');

const AttributionSchema = z
  .object({
    target: z.string().openapi({ description: 'The fact key of the grade or score explained', example: 'technical_rating' }),
    label: z.string().openapi({ example: 'Technical rating: Buy' }),
    score: z.number().openapi({ description: 'base + Σ contributions, exactly in units of 10^−decimals', example: 0.3576 }),
    base: z.number().openapi({ description: 'Where the score starts: 0, the sector median 50 for grades, −4.84 for Beneish M', example: 0 }),
    unit: z.enum(['rating', 'percentile', 'points', 'usd_per_share']),
    decimals: z
      .number()
      .int()
      .openapi({ description: 'Decimals of score, base and contributions (4 for ratings, 2 for grades and points, 0 for Piotroski)', example: 4 }),
    verdict: z.string().nullable().openapi({ description: 'The label the score maps to (Buy, B, Safe), when there is one' }),
    contributions: z.array(ContributionSchema),
  })
  .openapi('Attribution');

const SummaryFields = {
  id: z.string().uuid(),
  symbol: z.string(),
  kind: Kind,
  subtype: Subtype.nullable(),
  as_of: z.string().openapi({ description: 'The data day: the date of the last price bar the analysis used', example: '2026-07-02' }),
  created_at: z.string().openapi({ description: 'ISO time the analysis was run' }),
  cost_tokens: Tokens.openapi({ description: 'What the run was charged' }),
};

export const AnalysisSchema = z
  .object({
    ...SummaryFields,
    facts: z.array(FactSchema),
    note: NoteSchema,
    sections: z.record(z.string(), z.unknown()).openapi({ description: 'Kind-specific chart and table data (typed by the builders per kind)' }),
    attribution: z.array(AttributionSchema).openapi({
      description: 'What moved each grade, rating and score, input by input (empty for ETF analyses and for analyses stored before attribution existed)',
    }),
  })
  .openapi('Analysis');

const AnalysisSummarySchema = z
  .object({
    ...SummaryFields,
    headline: z.string().openapi({ description: "The note's headline" }),
    verdict: z.string().openapi({ description: "The note's verdict" }),
  })
  .openapi('AnalysisSummary');

export const AnalysisListSchema = z
  .object({
    analyses: z.array(AnalysisSummarySchema),
    next_cursor: z.string().nullable().openapi({ description: 'Pass as `cursor` for the next (older) page; null on the last page' }),
    data_day: z.string().nullable().openapi({
      description:
        'With a `symbol` filter: the data day a new run on that symbol would use now (its last price bar, or the snapshot date without prices); else null',
    }),
  })
  .openapi('AnalysisList');

export const ListAnalysesQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(20),
  cursor: z.string().max(200).optional().openapi({ description: '`next_cursor` of the previous page' }),
  symbol: z.string().min(1).max(32).optional(),
  kind: Kind.optional(),
  subtype: Subtype.optional(),
  as_of: z
    .union([CalendarDay, z.literal('current')])
    .optional()
    .openapi({
      description:
        'Only analyses of this data day. `current` (needs `symbol`) means the data day a new run would use now: the "You ran this today — open it free, or run again" check is `?symbol=AAPL&kind=technical&as_of=current&limit=1`.',
    }),
});

const IdParam = z.object({
  id: z
    .string()
    .max(64)
    .openapi({ param: { name: 'id', in: 'path' }, example: '0b9e6c1e-4c55-4bd2-9a55-4f3a0f1c2d3e' }),
});

const runErrors = errorResponses(400, 401, 402, 404, 409, 413, 415, 422);

export const createAnalysisRoute = createRoute({
  operationId: 'createAnalysis',
  security: signedIn,
  method: 'post',
  path: '/api/analyses',
  tags: ['analyses'],
  summary: 'Run an analysis and charge for it only when it is stored',
  description:
    'Checks the body (400, 413), the symbol (404 UNKNOWN_SYMBOL) and whether the kind can run on it (422 UNPROCESSABLE with the reason) before anything is charged; then holds the cost (402 INSUFFICIENT_TOKENS before any work), computes, stores and captures. A failure or timeout (504) after the hold releases it: nothing is charged and nothing stored.',
  request: {
    headers: IdempotencyHeader,
    body: { required: true, content: { 'application/json': { schema: CreateAnalysisBodySchema } } },
  },
  responses: {
    200: jsonContent(AnalysisSchema, 'The stored analysis of an earlier request with the same Idempotency-Key and body (not charged again)'),
    201: jsonContent(AnalysisSchema, 'The finished, stored and charged analysis'),
    ...runErrors,
    504: jsonContent(ErrorSchema, 'The run took too long (TIMEOUT); nothing charged'),
  },
});

export const streamAnalysisRoute = createRoute({
  operationId: 'streamAnalysis',
  security: signedIn,
  method: 'post',
  path: '/api/analyses/stream',
  tags: ['analyses'],
  summary: 'Run an analysis, reporting progress as server-sent events',
  description:
    'Same body, header and rules as POST /api/analyses. Errors before the charge (400, 402, 404, 409, 413, 422) are plain HTTP errors. Otherwise the answer is `text/event-stream`: `progress` events ({step, label, index, total}), then one `result` ({analysis}) or `error` ({error: {code, message}}). Closing the connection aborts the run and releases the hold.',
  request: {
    headers: IdempotencyHeader,
    body: { required: true, content: { 'application/json': { schema: CreateAnalysisBodySchema } } },
  },
  responses: {
    200: {
      description: 'Server-sent events: `progress`, then `result` or `error`',
      content: {
        'text/event-stream': {
          schema: z.string().openapi({ example: 'event: progress\ndata: {"step":"load","label":"Loading prices and filings","index":1,"total":3}\n\n' }),
        },
      },
    },
    ...runErrors,
  },
});

export const listAnalysesRoute = createRoute({
  operationId: 'listAnalyses',
  security: signedIn,
  method: 'get',
  path: '/api/analyses',
  tags: ['analyses'],
  summary: "The signed-in user's analyses, newest first (summaries, free)",
  request: { query: ListAnalysesQuerySchema },
  responses: { 200: jsonContent(AnalysisListSchema, 'A page of analyses'), ...errorResponses(400, 401, 404) },
});

export const getAnalysisRoute = createRoute({
  operationId: 'getAnalysis',
  security: signedIn,
  method: 'get',
  path: '/api/analyses/{id}',
  tags: ['analyses'],
  summary: 'Re-open a stored analysis (free); 404 for anyone but its owner',
  request: { params: IdParam },
  responses: { 200: jsonContent(AnalysisSchema, 'The stored analysis'), ...errorResponses(401, 404) },
});

/** The `progress` event of the stream: step `index` of `total` (1-based). */
const AnalysisProgressSchema = z.object({
  step: z.enum(['load', 'compute', 'save']),
  label: z.string(),
  index: z.number().int(),
  total: z.number().int(),
});

// What the web imports (type-only): the bodies these routes take and answer with.
export type CreateAnalysisBody = z.infer<typeof CreateAnalysisBodySchema>;
export type AnalysisResponse = z.infer<typeof AnalysisSchema>;
export type AnalysisSummary = z.infer<typeof AnalysisSummarySchema>;
export type AttributionResponse = z.infer<typeof AttributionSchema>;
export type AnalysisListResponse = z.infer<typeof AnalysisListSchema>;
export type ListAnalysesQuery = z.input<typeof ListAnalysesQuerySchema>;
export type AnalysisProgressEvent = z.infer<typeof AnalysisProgressSchema>;
type AnalysisResultEvent = { analysis: AnalysisResponse };
export type AnalysisErrorEvent = { error: { code: string; message: string } };
/** Each stream event by its SSE `event:` name. */
export type AnalysisStreamEvents = { progress: AnalysisProgressEvent; result: AnalysisResultEvent; error: AnalysisErrorEvent };
