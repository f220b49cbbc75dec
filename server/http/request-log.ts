import { randomUUID } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import type { Context, MiddlewareHandler } from 'hono';
import { routePath } from 'hono/route';
import type { Logger } from '../lib/logger.ts';
import type { AppMetrics } from '../lib/metrics.ts';
import type { AppEnv } from './app-env.ts';

/** Visible ASCII only, 1–128 characters: an id goes into logs and a header as it is, so no spaces, controls or line breaks. */
const ACCEPTABLE_REQUEST_ID = /^[\x21-\x7e]{1,128}$/;

/** The caller's `X-Request-Id` when it is one we can log and echo safely, else a new UUID. */
export function acceptRequestId(incoming: string | undefined): string {
  return incoming !== undefined && ACCEPTABLE_REQUEST_ID.test(incoming) ? incoming : randomUUID();
}

/**
 * The outermost layer: gives the request its id (echoed in `X-Request-Id`), then after the answer writes one
 * access-log line and observes the latency histogram. It sits outside the checks' layer so that an answer
 * built from a thrown check (400, 413, 403) is seen with its status, as every other answer is.
 *
 * What the line holds is chosen for operators and is safe to ship anywhere: method, the route pattern (the
 * raw path can carry ids and share tokens), status, ms, request id, user id. Never headers, cookies, the query
 * string or bodies. The duration is until the answer is ready: a streamed body's time is not in it.
 */
export function createRequestLog(logger: Logger, metrics: AppMetrics | undefined): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const started = performance.now();
    const id = acceptRequestId(c.req.header('x-request-id'));
    c.set('requestId', id);
    // On the socket the header reaches every answer (errors, streams, the adapter's own 500) without rebuilding a Response.
    const outgoing = (c.env as { outgoing?: ServerResponse } | undefined)?.outgoing;
    const onSocket = outgoing !== undefined && !outgoing.headersSent;
    if (onSocket) outgoing.setHeader('X-Request-Id', id);
    await next();
    if (!onSocket) c.header('X-Request-Id', id);
    const status = c.res.status;
    const ms = performance.now() - started;
    const route = routeOf(c);
    metrics?.observeRequest(c.req.method, route, status, ms / 1000);
    // Checked first: under LOG_LEVEL=warn (the bench, quiet deployments) the line costs nothing to build.
    if (logger.isLevelEnabled('info')) {
      const userId = c.get('user')?.id ?? c.get('apiCaller')?.userId;
      logger.info({ req: { id, method: c.req.method, route }, res: { status }, ms: Math.round(ms * 100) / 100, userId }, 'request');
    }
  };
}

/** The pattern of the route that answered (`/api/analyses/:id`), `*` for the SPA and static files. */
function routeOf(c: Context<AppEnv>): string {
  return routePath(c) || '*';
}
