import { randomUUID } from 'node:crypto';
import type { Context } from 'hono';
import { streamSSE } from 'hono/streaming';
import { convertMtToTokens } from '../../../core/tokens/index.ts';
import type { AppEnv } from '../../http/app-env.ts';
import { requireUser } from '../../http/openapi.ts';
import { decodeListCursor, encodeListCursor, type ListPosition } from '../../http/list-cursor.ts';
import type { AppRouteHandler } from '../../http/route-handler.ts';
import { AppError, isAppError } from '../../lib/errors.ts';
import type { Logger } from '../../lib/logger.ts';
import type {
  CopilotConversation,
  CopilotConversationSummary,
  CopilotMessage,
  copilotStatusRoute,
  deleteConversationRoute,
  getConversationRoute,
  listConversationsRoute,
  resumeStreamRoute,
  sendMessageRoute,
  streamMessageRoute,
} from './copilot.routes.ts';
import { MAX_COPILOT_MESSAGE_CHARS } from './copilot.routes.ts';
import type { CopilotService } from './copilot-service.ts';
import type { StoredConversation, StoredMessage } from './copilot-store.ts';
import { type AnswerStream, type AnswerStreams, parseEventId } from './copilot-streams.ts';

const toMessageBody = (m: StoredMessage): CopilotMessage => ({
  id: m.id,
  role: m.role,
  text: m.text,
  citations: m.citations,
  mode: m.mode,
  status: m.status,
  tokens_charged: convertMtToTokens(m.costMt),
  created_at: m.createdAt,
});

const toSummary = (c: StoredConversation): CopilotConversationSummary => ({ id: c.id, title: c.title, created_at: c.createdAt, updated_at: c.updatedAt });

const toBefore = (p: ListPosition) => ({ updatedAt: p.at, id: p.id });

/** The stream that `Last-Event-ID` names (malformed → 400, not this user's or no longer held → 404) and where to resume. */
function findResumable(streams: AnswerStreams, userId: string, raw: string): { stream: AnswerStream; after: number } {
  const parsed = parseEventId(raw.trim());
  if (!parsed) {
    throw new AppError('VALIDATION_FAILED', 'Last-Event-ID: expected an event id as the stream sent it (<message_id>:<n>).', { field: 'Last-Event-ID' });
  }
  const stream = streams.find(userId, parsed.messageId);
  if (!stream) throw new AppError('NOT_FOUND', 'This stream is not held any more: read the answer from its conversation.', { field: 'Last-Event-ID' });
  if (parsed.seq > stream.events.length) {
    throw new AppError('VALIDATION_FAILED', `Last-Event-ID: this stream has sent only ${stream.events.length} events.`, { field: 'Last-Event-ID' });
  }
  return { stream, after: parsed.seq };
}

/** Writes the stream's events after `after` and follows it until `done`/`error` or the client leaves. */
function pipeStream(c: Context<AppEnv>, stream: AnswerStream, after: number) {
  return streamSSE(c, async (sse) => {
    let cursor = after;
    let gone = false;
    sse.onAbort(() => {
      gone = true;
    });
    while (!gone) {
      await stream.waitAfter(cursor);
      for (const e of stream.events.slice(cursor)) {
        if (gone) break;
        await sse.writeSSE({ id: stream.idOf(e), event: e.event, data: JSON.stringify(e.data) });
        cursor = e.seq;
      }
      if (stream.done && cursor >= stream.events.length) break;
    }
  });
}

export function createCopilotHandlers(service: CopilotService, streams: AnswerStreams, logger: Logger) {
  const sendMessage: AppRouteHandler<typeof sendMessageRoute> = async (c) => {
    const user = requireUser(c);
    const body = c.req.valid('json');
    return c.json(await service.ask({ userId: user.id, conversationId: body.conversation_id, message: body.message }), 200);
  };

  // Errors before the answer is under way (400, 402, 404) are plain HTTP answers; then the stream opens.
  // The answer runs apart from the connection: a client that drops resumes with Last-Event-ID.
  const streamMessage: AppRouteHandler<typeof streamMessageRoute> = async (c) => {
    const user = requireUser(c);
    const lastEventId = c.req.valid('header')['last-event-id'];
    if (lastEventId !== undefined) {
      const { stream, after } = findResumable(streams, user.id, lastEventId);
      return pipeStream(c, stream, after) as unknown as ReturnType<AppRouteHandler<typeof streamMessageRoute>>;
    }
    const body = c.req.valid('json');
    const answerId = randomUUID();
    const stream = streams.open(user.id, answerId);
    let markStarted = () => {};
    const started = new Promise<void>((resolve) => (markStarted = resolve));
    const run = service.ask(
      { userId: user.id, conversationId: body.conversation_id, message: body.message },
      {
        onMeta: (e) => {
          stream.push('meta', e);
          markStarted();
        },
        onTool: (e) => stream.push('tool', e),
        onText: (delta) => stream.push('text', { delta }),
        onReset: (reason) => stream.push('reset', { reason }),
      },
      answerId,
    );
    run.then(
      (answer) => {
        stream.push('citations', { citations: answer.citations });
        stream.push('done', { answer });
      },
      (e: unknown) => {
        if (!isAppError(e)) logger.error({ err: e, userId: user.id }, 'copilot: a streamed answer failed');
        const error = isAppError(e)
          ? { code: e.code, message: e.message }
          : { code: 'INTERNAL_ERROR', message: 'The copilot failed to answer. Nothing was charged; please try again.' };
        stream.push('error', { error });
      },
    );
    await Promise.race([started, run]);
    return pipeStream(c, stream, 0) as unknown as ReturnType<AppRouteHandler<typeof streamMessageRoute>>;
  };

  const resumeStream: AppRouteHandler<typeof resumeStreamRoute> = async (c) => {
    const user = requireUser(c);
    const raw = c.req.valid('header')['last-event-id'] ?? c.req.valid('query').last_event_id;
    if (raw === undefined) throw new AppError('VALIDATION_FAILED', 'Last-Event-ID: send the id of the last event received.', { field: 'Last-Event-ID' });
    const { stream, after } = findResumable(streams, user.id, raw);
    return pipeStream(c, stream, after) as unknown as ReturnType<AppRouteHandler<typeof resumeStreamRoute>>;
  };

  const listConversations: AppRouteHandler<typeof listConversationsRoute> = async (c) => {
    const user = requireUser(c);
    const q = c.req.valid('query');
    const page = await service.listConversations(user.id, {
      limit: q.limit,
      before: q.cursor === undefined ? undefined : toBefore(decodeListCursor(q.cursor)),
    });
    return c.json(
      {
        conversations: page.conversations.map(toSummary),
        next_cursor: page.nextBefore ? encodeListCursor({ at: page.nextBefore.updatedAt, id: page.nextBefore.id }) : null,
      },
      200,
    );
  };

  const getConversation: AppRouteHandler<typeof getConversationRoute> = async (c) => {
    const user = requireUser(c);
    const found = await service.getConversationOrThrow(user.id, c.req.valid('param').id);
    const body: CopilotConversation = { ...toSummary(found.conversation), messages: found.messages.map(toMessageBody) };
    return c.json(body, 200);
  };

  const deleteConversation: AppRouteHandler<typeof deleteConversationRoute> = async (c) => {
    const user = requireUser(c);
    await service.deleteConversationOrThrow(user.id, c.req.valid('param').id);
    return c.body(null, 204);
  };

  const getStatus: AppRouteHandler<typeof copilotStatusRoute> = async (c) => {
    requireUser(c);
    return c.json(
      {
        mode: service.mode,
        model: service.model,
        examples: [...service.examples],
        cost_tokens: convertMtToTokens(service.costMt),
        max_message_chars: MAX_COPILOT_MESSAGE_CHARS,
      },
      200,
    );
  };

  return { sendMessage, streamMessage, resumeStream, listConversations, getConversation, deleteConversation, getStatus };
}
