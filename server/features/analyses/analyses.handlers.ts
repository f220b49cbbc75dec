import { streamSSE } from 'hono/streaming';
import { convertMtToTokens } from '../../../core/tokens/index.ts';
import { requireUser } from '../../http/openapi.ts';
import { decodeListCursor, encodeListCursor, type ListPosition } from '../../http/list-cursor.ts';
import type { AppRouteHandler } from '../../http/route-handler.ts';
import { isAppError } from '../../lib/errors.ts';
import type { Logger } from '../../lib/logger.ts';
import type { createAnalysisRoute, getAnalysisRoute, listAnalysesRoute, streamAnalysisRoute } from './analyses.routes.ts';
import type { z } from '@hono/zod-openapi';
import type {
  AnalysisErrorEvent,
  AnalysisListResponse,
  AnalysisProgressEvent,
  AnalysisResponse,
  AnalysisSummary,
  ListAnalysesQuerySchema,
} from './analyses.routes.ts';
import { type AnalysesService, labelRunStep, runSteps } from './analyses-service.ts';
import type { StoredAnalysis } from './analyses-store.ts';

/** The API's shape of a stored analysis (the app's routes and /api/v1's; a share link answers it without the cost). */
export function toAnalysisBody(a: StoredAnalysis): AnalysisResponse {
  return {
    id: a.id,
    symbol: a.symbol,
    kind: a.kind,
    subtype: a.subtype,
    as_of: a.asOf,
    created_at: a.createdAt,
    cost_tokens: convertMtToTokens(a.costMt),
    facts: a.body.facts,
    note: a.body.note,
    sections: a.body.sections as Record<string, unknown>,
    attribution: a.body.attribution ?? [],
  };
}

function toSummary(a: StoredAnalysis): AnalysisSummary {
  const { facts: _f, note, sections: _s, attribution: _a, ...head } = toAnalysisBody(a);
  return { ...head, headline: note.headline.text, verdict: note.verdict.text };
}

const toBefore = (p: ListPosition) => ({ createdAt: p.at, id: p.id });

/** One page of a user's history for the list query as the API takes it (the app's and /api/v1's). */
export async function listAnalysesPage(service: AnalysesService, userId: string, q: z.output<typeof ListAnalysesQuerySchema>): Promise<AnalysisListResponse> {
  const page = await service.listAnalyses(userId, {
    limit: q.limit,
    symbol: q.symbol,
    kind: q.kind,
    subtype: q.subtype,
    asOf: q.as_of,
    before: q.cursor === undefined ? undefined : toBefore(decodeListCursor(q.cursor)),
  });
  return {
    analyses: page.analyses.map(toSummary),
    next_cursor: page.nextBefore ? encodeListCursor({ at: page.nextBefore.createdAt, id: page.nextBefore.id }) : null,
    data_day: page.dataDay,
  };
}

export function createAnalysesHandlers(service: AnalysesService, logger: Logger) {
  const createAnalysis: AppRouteHandler<typeof createAnalysisRoute> = async (c) => {
    const user = requireUser(c);
    const outcome = await service.runAnalysis(user.id, c.req.valid('json'), c.req.valid('header')['idempotency-key']);
    return outcome.replayed ? c.json(toAnalysisBody(outcome.analysis), 200) : c.json(toAnalysisBody(outcome.analysis), 201);
  };

  // Errors before the hold (402 included) are plain HTTP answers: the stream opens once the paid work starts.
  const streamAnalysis: AppRouteHandler<typeof streamAnalysisRoute> = async (c) => {
    const user = requireUser(c);
    const prepared = await service.prepareRun(user.id, c.req.valid('json'), c.req.valid('header')['idempotency-key']);
    const disconnected = new AbortController();
    const pending: AnalysisProgressEvent[] = [];
    let emit = (e: AnalysisProgressEvent) => void pending.push(e);
    let markStarted = () => {};
    const started = new Promise<void>((resolve) => (markStarted = resolve));
    const run =
      'analysis' in prepared
        ? Promise.resolve(prepared)
        : service.executeRun(prepared, {
            signal: disconnected.signal,
            onProgress: (step) => {
              emit({ step, label: labelRunStep(step, prepared.kind), index: runSteps.indexOf(step) + 1, total: runSteps.length });
              markStarted();
            },
          });
    await Promise.race([started, run]);
    return streamSSE(c, async (stream) => {
      stream.onAbort(() => disconnected.abort());
      const send = (event: string, data: unknown) => stream.writeSSE({ event, data: JSON.stringify(data) });
      const writes = pending.map((e) => send('progress', e));
      emit = (e) => void writes.push(send('progress', e));
      try {
        const outcome = await run;
        await Promise.all(writes);
        await send('result', { analysis: toAnalysisBody(outcome.analysis) });
      } catch (e) {
        await Promise.all(writes);
        if (!isAppError(e)) logger.error({ err: e, userId: user.id }, 'analyses: a streamed run failed');
        const error: AnalysisErrorEvent['error'] = isAppError(e)
          ? { code: e.code, message: e.message }
          : { code: 'INTERNAL_ERROR', message: 'The analysis failed. Nothing was charged; please try again.' };
        await send('error', { error });
      }
    }) as unknown as ReturnType<AppRouteHandler<typeof streamAnalysisRoute>>;
  };

  const listAnalyses: AppRouteHandler<typeof listAnalysesRoute> = async (c) => {
    const user = requireUser(c);
    return c.json(await listAnalysesPage(service, user.id, c.req.valid('query')), 200);
  };

  const getAnalysis: AppRouteHandler<typeof getAnalysisRoute> = async (c) => {
    const user = requireUser(c);
    return c.json(toAnalysisBody(await service.getAnalysisOrThrow(user.id, c.req.valid('param').id)), 200);
  };

  return { createAnalysis, streamAnalysis, listAnalyses, getAnalysis };
}
