import { createRoute, z } from '@hono/zod-openapi';
import { COPILOT_LIMITS } from '../../../core/copilot/copilot-limits.ts';
import { analysisKinds } from '../../../core/tokens/costs.ts';
import { ErrorSchema, errorResponses, jsonContent, signedIn } from '../../http/openapi.ts';

/** A question longer than this is refused (400) before anything is charged or stored. */
export const MAX_COPILOT_MESSAGE_CHARS = 4000;
/** The body is one question and an id: anything near the app-wide 1 MB limit is refused early (413). */
export const MAX_COPILOT_BODY_BYTES = 32 * 1024;

const Mode = z.enum(['llm', 'offline']).openapi({
  description: '`llm` when a language model is configured (it calls the tools), else `offline` (the intent parser over the same tools)',
});
const Tokens = z.number().openapi({ description: 'Tokens, at most 3 decimals', example: 0.3 });
const Uuid = z.string().uuid();

const SendMessageBodySchema = z
  .object({
    conversation_id: Uuid.nullable().optional().openapi({ description: 'Continue this conversation; absent or null starts a new one' }),
    message: z
      .string()
      .max(MAX_COPILOT_MESSAGE_CHARS)
      .refine((s) => s.trim().length > 0, 'Ask a question: the message is empty.')
      .openapi({ example: "What is AAPL's RSI?", description: `The question, 1 to ${MAX_COPILOT_MESSAGE_CHARS} characters` }),
  })
  .strict()
  .openapi('CopilotSendMessage');

const CitationSchema = z
  .object({
    n: z.number().int().openapi({ description: 'The `[n]` marker in the answer that points here' }),
    symbol: z.string().nullable(),
    key: z.string().openapi({ example: 'rsi_14' }),
    label: z.string(),
    value: z.union([z.number(), z.string()]),
    unit: z.enum(['percent', 'usd', 'usd_per_share', 'ratio', 'times', 'score', 'count', 'shares', 'years', 'label']),
    period: z.string(),
    as_of: z.string(),
    href: z.string().nullable().openapi({ description: 'The analysis page that shows this figure', example: '/technical/AAPL' }),
  })
  .openapi('CopilotCitation');

const MessageStatus = z.enum(['answered', 'refused']).openapi({
  description: '`refused`: the copilot could not answer from its tools and said what it can answer (never charged)',
});

const CopilotAnswerSchema = z
  .object({
    conversation_id: Uuid,
    message_id: Uuid.openapi({ description: "The assistant message's id" }),
    answer: z.string().openapi({ description: 'The answer with `[n]` markers for its citations' }),
    citations: z.array(CitationSchema),
    tokens_charged: Tokens.openapi({ description: '0.3 for an answered question, 0 for a refusal or a summary of an analysis the user owns for the data day' }),
    mode: Mode,
    status: MessageStatus,
    examples: z.array(z.string()).openapi({ description: 'Questions the copilot can answer (filled on a refusal, else empty)' }),
    chart: z
      .object({
        label: z.string().openapi({ example: 'Free cash flow' }),
        unit: z.enum(['percent', 'usd', 'usd_per_share', 'ratio', 'times', 'score', 'count', 'shares', 'years', 'label']),
        points: z.array(z.object({ period: z.string().openapi({ example: 'FY2025' }), value: z.number() })),
      })
      .optional()
      .openapi({ description: 'A trend answer: each fiscal year of the figure, every point a cited fact, for a small chart' }),
    offer: z
      .object({
        kind: z.enum(analysisKinds),
        subtype: z.enum(['dividends']).nullable(),
        symbol: z.string(),
        name: z.string().openapi({ example: 'Balance Sheet Analysis' }),
        href: z.string().openapi({ example: '/balance-sheet/JPM' }),
        cost_tokens: Tokens.openapi({ example: 1.2 }),
      })
      .optional()
      .openapi({
        description: 'A summary of an analysis kind the user does not own for the data day: the full analysis to run, its page and its price',
      }),
  })
  .openapi('CopilotAnswer');

const CopilotMessageSchema = z
  .object({
    id: Uuid,
    role: z.enum(['user', 'assistant']),
    text: z.string(),
    citations: z.array(CitationSchema),
    mode: Mode.nullable().openapi({ description: 'Which mode answered (null on user messages)' }),
    status: MessageStatus.nullable().openapi({ description: 'null on user messages' }),
    tokens_charged: Tokens,
    created_at: z.string(),
  })
  .openapi('CopilotMessage');

const ConversationFields = {
  id: Uuid,
  title: z.string().openapi({ description: 'The first question, shortened' }),
  created_at: z.string(),
  updated_at: z.string().openapi({ description: 'Time of the newest message' }),
};

const ConversationSummarySchema = z.object(ConversationFields).openapi('CopilotConversationSummary');

const ConversationListSchema = z
  .object({
    conversations: z.array(ConversationSummarySchema),
    next_cursor: z.string().nullable().openapi({ description: 'Pass as `cursor` for the next (older) page; null on the last page' }),
  })
  .openapi('CopilotConversationList');

const ConversationSchema = z
  .object({ ...ConversationFields, messages: z.array(CopilotMessageSchema).openapi({ description: 'Oldest first' }) })
  .openapi('CopilotConversation');

const CopilotStatusSchema = z
  .object({
    mode: Mode,
    model: z.string().nullable().openapi({ description: 'The model name in `llm` mode' }),
    examples: z.array(z.string()).openapi({ description: 'Example questions for the page' }),
    cost_tokens: Tokens.openapi({ description: 'What an answered question costs' }),
    max_message_chars: z.number().int(),
  })
  .openapi('CopilotStatus');

const ListConversationsQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(20),
  cursor: z.string().max(200).optional().openapi({ description: '`next_cursor` of the previous page' }),
});

const ConversationIdParam = z.object({
  id: z
    .string()
    .max(64)
    .openapi({ param: { name: 'id', in: 'path' }, example: '0b9e6c1e-4c55-4bd2-9a55-4f3a0f1c2d3e' }),
});

/** `<message id>:<sequence>`: the `id:` of every stream event, what `Last-Event-ID` sends back. */
export const STREAM_EVENT_ID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}:\d{1,6}$/i;

const LastEventIdHeader = z.object({
  'last-event-id': z
    .string()
    .max(100)
    .optional()
    .openapi({
      param: { name: 'last-event-id', in: 'header' },
      description:
        "Resume a stream after this event id (`<message_id>:<n>`, as sent in `id:`). The events after it are replayed from the server, then the live ones follow; the question is not asked or charged again. Malformed → 400; a stream this server no longer holds (or another user's) → 404 (read the answer with GET /api/copilot/conversations/{id}).",
      example: '5f0c2b1e-8c1d-4a4e-9a3b-0d7e2c9b1a44:3',
    }),
});

const askErrors = errorResponses(400, 401, 402, 404, 413, 415, 429, 502);

export const sendMessageRoute = createRoute({
  operationId: 'sendCopilotMessage',
  security: signedIn,
  method: 'post',
  path: '/api/copilot/messages',
  tags: ['copilot'],
  summary: 'Ask the copilot; answers plain JSON',
  description: `Answers from our tools (quotes, price history, fundamentals, ratios, scores, the technical rating, DCF, comparisons, your own analyses), citing the facts it used. An answered question costs 0.3 tokens (402 INSUFFICIENT_TOKENS before any work); a refusal (it cannot answer that) is free. With a model configured, a question the offline copilot can answer is answered offline when the model fails or times out (mode "offline", charged once); after 3 failures in a row the model is not called for 60 s ("copilot_model_breaker" in /api/health). Otherwise a provider failure (502 UPSTREAM_ERROR) or timeout (504 TIMEOUT) charges and stores nothing. Bad input (empty, over 4,000 characters, an unknown conversation) is refused before anything is charged or stored. Limited to ${COPILOT_LIMITS.questionsPerMinute} questions a minute per user, answered or refused alike (a body that fails the schema is not counted): the next is 429 RATE_LIMITED with Retry-After, nothing charged or stored. Each user keeps at most ${COPILOT_LIMITS.conversationsPerUser} conversations (starting another deletes the least recently active) of at most ${COPILOT_LIMITS.messagesPerConversation} messages (the oldest turns are deleted first).`,
  request: { body: { required: true, content: { 'application/json': { schema: SendMessageBodySchema } } } },
  responses: {
    200: jsonContent(CopilotAnswerSchema, 'The stored answer (or refusal) and what it cost'),
    ...askErrors,
    504: jsonContent(ErrorSchema, 'The model took too long (TIMEOUT); nothing charged or stored'),
  },
});

const streamDescription =
  "Same body and rules as POST /api/copilot/messages. Errors before the stream opens (400, 401, 402, 404, 413, 429) are plain HTTP errors; resuming with Last-Event-ID is not a question and is not counted against the limit. Otherwise `text/event-stream`, each event with `id: <message_id>:<n>`: `meta` ({conversation_id, message_id, mode}), `tool` ({phase: call|result, tool, symbol, error?}) as tools run, `text` ({delta}: checked text; numbers are released only once they match a tool's fact), `reset` ({reason}) when the text so far is withdrawn (a retry or the offline fallback follows), `citations` ({citations}), then one `done` ({answer}: the POST answer) or `error` ({error: {code, message}}). Closing the connection does not stop the answer; resume with Last-Event-ID.";

export const streamMessageRoute = createRoute({
  operationId: 'streamCopilotMessage',
  security: signedIn,
  method: 'post',
  path: '/api/copilot/messages/stream',
  tags: ['copilot'],
  summary: 'Ask the copilot; the answer streams as server-sent events',
  description: `${streamDescription} A request carrying Last-Event-ID resumes that stream instead of asking again.`,
  request: {
    headers: LastEventIdHeader,
    body: { required: true, content: { 'application/json': { schema: SendMessageBodySchema } } },
  },
  responses: {
    200: {
      description: 'Server-sent events: `meta`, `tool`, `text`, `reset`, `citations`, then `done` or `error`',
      content: {
        'text/event-stream': {
          schema: z.string().openapi({
            example: 'id: 5f0c2b1e-8c1d-4a4e-9a3b-0d7e2c9b1a44:1\nevent: meta\ndata: {"conversation_id":"…","message_id":"…","mode":"offline"}\n\n',
          }),
        },
      },
    },
    ...askErrors,
  },
});

export const resumeStreamRoute = createRoute({
  operationId: 'resumeCopilotStream',
  security: signedIn,
  method: 'get',
  path: '/api/copilot/messages/stream',
  tags: ['copilot'],
  summary: 'Resume a copilot stream after Last-Event-ID',
  description:
    'Replays the events after `Last-Event-ID` (header, or `last_event_id` query for clients that cannot set it) and follows the live ones. Streams are kept for 5 minutes after they finish, on the server process that answered.',
  request: {
    headers: LastEventIdHeader,
    query: z.object({ last_event_id: z.string().max(100).optional().openapi({ description: 'Same as the Last-Event-ID header' }) }),
  },
  responses: {
    200: { description: 'The remaining events', content: { 'text/event-stream': { schema: z.string() } } },
    ...errorResponses(400, 401, 404),
  },
});

export const listConversationsRoute = createRoute({
  operationId: 'listCopilotConversations',
  security: signedIn,
  method: 'get',
  path: '/api/copilot/conversations',
  tags: ['copilot'],
  summary: "The signed-in user's conversations, newest first",
  request: { query: ListConversationsQuerySchema },
  responses: { 200: jsonContent(ConversationListSchema, 'A page of conversations'), ...errorResponses(400, 401) },
});

export const getConversationRoute = createRoute({
  operationId: 'getCopilotConversation',
  security: signedIn,
  method: 'get',
  path: '/api/copilot/conversations/{id}',
  tags: ['copilot'],
  summary: 'A conversation with its messages; 404 for anyone but its owner',
  request: { params: ConversationIdParam },
  responses: { 200: jsonContent(ConversationSchema, 'The conversation'), ...errorResponses(401, 404) },
});

export const deleteConversationRoute = createRoute({
  operationId: 'deleteCopilotConversation',
  security: signedIn,
  method: 'delete',
  path: '/api/copilot/conversations/{id}',
  tags: ['copilot'],
  summary: 'Delete a conversation and its messages (tokens already charged stay charged)',
  request: { params: ConversationIdParam },
  responses: { 204: { description: 'Deleted' }, ...errorResponses(401, 404) },
});

export const copilotStatusRoute = createRoute({
  operationId: 'getCopilotStatus',
  security: signedIn,
  method: 'get',
  path: '/api/copilot/status',
  tags: ['copilot'],
  summary: 'Which mode answers, the model, example questions',
  responses: { 200: jsonContent(CopilotStatusSchema, 'The copilot on this server'), ...errorResponses(401) },
});

// What the web imports (type-only).
export type SendMessageBody = z.infer<typeof SendMessageBodySchema>;
export type CopilotAnswer = z.infer<typeof CopilotAnswerSchema>;
export type CopilotCitationResponse = z.infer<typeof CitationSchema>;
export type CopilotMessage = z.infer<typeof CopilotMessageSchema>;
export type CopilotConversationSummary = z.infer<typeof ConversationSummarySchema>;
export type CopilotConversationList = z.infer<typeof ConversationListSchema>;
export type CopilotConversation = z.infer<typeof ConversationSchema>;
export type CopilotStatus = z.infer<typeof CopilotStatusSchema>;

/** Stream events by their SSE `event:` name. */
export type CopilotStreamEvents = {
  meta: { conversation_id: string; message_id: string; mode: 'llm' | 'offline' };
  tool: { phase: 'call' | 'result'; tool: string; symbol: string | null; error?: { code: string; message: string } };
  text: { delta: string };
  reset: { reason: string };
  citations: { citations: CopilotCitationResponse[] };
  done: { answer: CopilotAnswer };
  error: { error: { code: string; message: string } };
};
export type CopilotStreamEventName = keyof CopilotStreamEvents;
