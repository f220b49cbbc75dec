import { OpenAPIHono } from '@hono/zod-openapi';
import type { Context, MiddlewareHandler, Next } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { isProduction } from './env.ts';
import { AppError } from './lib/errors.ts';
import type { AppEnv, App } from './http/app-env.ts';
import { toErrorResponse, unknownApiRouteError, validationError } from './http/errors.ts';
import { buildOpenApiDocument, type OpenApiDocument } from './http/openapi-document.ts';
import type { AppContext, Feature } from './http/feature.ts';
import { assertNoNulInUrl, assertStorableText } from './http/unstorable-text.ts';
import { checkSignInBeforeValidation } from './http/signed-in-first.ts';
import { MemoRouter } from './http/memo-router.ts';
import { findAllowedMethods } from './http/route-matcher.ts';
import { useJsonCompression } from './http/compression.ts';
import {
  assertDecodablePath,
  buildSecurityHeaders,
  type HeaderPairs,
  createCrossOriginCheck,
  setHeadersOnContext,
  setHeadersOnSocket,
} from './http/security.ts';
import { createPageRenderer, mountCrawlerFiles } from './http/page-heads.ts';
import { serveSpa } from './http/static.ts';
import { createRequestLog } from './http/request-log.ts';
import { mountMetricsRoute } from './http/metrics-route.ts';
import { resolve } from 'node:path';

const MAX_BODY_BYTES = 1024 * 1024;

interface CreateAppOptions {
  /** Paths that accept bigger bodies than 1 MB (e.g. avatar upload), with their limits in bytes. */
  largeBodies?: Record<string, number>;
  /** Skip serving the SPA (API-only tests). */
  serveWeb?: boolean;
}

const isApiPath = (p: string) => p === '/api' || p.startsWith('/api/');
/** Server-rendered, non-SPA paths (sandbox checkout, dev outbox JSON lives under /api). */
const reservedPrefixes = ['/api/', '/sandbox/'];

/** Builds the Hono app from the context and features; no listening, no timers (see main.ts). */
export function createApp(ctx: AppContext, features: Feature[], options: CreateAppOptions = {}): App {
  const app: App = new OpenAPIHono<AppEnv>({
    router: new MemoRouter(),
    defaultHook: (result) => {
      // Before the schema's verdict: a NUL or lone surrogate is refused as such even in a field that also fails its schema.
      // zod-validator passes the raw input as `data` on failure too (its type says only on success).
      assertStorableText((result as { data?: unknown }).data, result.target);
      if (!result.success) throw validationError(result.error, result.target);
    },
  });
  const { logger } = ctx;
  const largeBodies: Record<string, number> = Object.assign({}, ...features.map((f) => f.largeBodies ?? {}), options.largeBodies);

  app.onError((err, c) => toErrorResponse(err, c, logger));
  const limiters = new Map<number, MiddlewareHandler>();
  const limiterFor = (maxSize: number) => {
    let limiter = limiters.get(maxSize);
    if (!limiter) {
      limiter = bodyLimit({
        maxSize,
        onError: () => {
          throw new AppError('PAYLOAD_TOO_LARGE', `The request body is larger than ${Math.round(maxSize / 1024)} KB.`);
        },
      });
      limiters.set(maxSize, limiter);
    }
    return limiter;
  };
  const securityHeaders = buildSecurityHeaders(isProduction(ctx.env));
  // API answers are private unless their route says otherwise: signed-in JSON (balances, sessions and their
  // tokens under /api/auth, exports) must never sit in a browser's or a proxy's cache. Public routes opt in.
  const apiAnswerHeaders: HeaderPairs = [...securityHeaders, ['Cache-Control', 'no-store']];
  const checkOrigin = createCrossOriginCheck([ctx.env.BASE_URL], (p) => p.startsWith('/api/webhooks/'));
  /** The path, body-limit and origin checks, then the rest of the app (a throw becomes the error answer). */
  const checkThenContinue = (c: Context<AppEnv>, next: Next) => {
    assertDecodablePath(c.req.url);
    // Routes that declare no path parameters get their path checked here (better-auth's, the SPA and sandbox pages).
    assertNoNulInUrl(c.req.url, !isApiPath(c.req.path) || c.req.path.startsWith('/api/auth/'));
    const method = c.req.method;
    // GET and HEAD carry no body; bodyLimit would still build the full WHATWG Request to look for one.
    if (method === 'GET' || method === 'HEAD' || !isApiPath(c.req.path)) {
      checkOrigin(c);
      return next();
    }
    return limiterFor(largeBodies[c.req.path] ?? MAX_BODY_BYTES)(c, async () => {
      checkOrigin(c);
      await next();
    });
  };
  // Its own layer, outermost: the checks' layer below may throw, and the answer Hono builds from that throw is
  // only seen from outside it (with its status, for the access log and the latency histogram).
  app.use('*', createRequestLog(logger, ctx.metrics));
  // What every request needs, in one layer: a chain of six middlewares cost a promise and a closure each per request.
  app.use('*', (c, next) => {
    useJsonCompression(c);
    const api = isApiPath(c.req.path);
    // On the socket, a header the route sets itself (public market data) wins over this default (writeHead merges over setHeader).
    if (setHeadersOnSocket(c, api ? apiAnswerHeaders : securityHeaders)) return checkThenContinue(c, next);
    return (async () => {
      try {
        return await checkThenContinue(c, next);
      } finally {
        // Also when a check threw: the error answer is built after this, with these headers.
        setHeadersOnContext(c, securityHeaders);
        if (api && !(c.finalized && c.res.headers.has('Cache-Control'))) c.header('Cache-Control', 'no-store');
      }
    })();
  });

  for (const f of features) f.middleware?.(app);
  checkSignInBeforeValidation(app);
  for (const f of features) f.routes?.(app);

  let document: OpenApiDocument | undefined;
  app.get('/api/openapi.json', (c) => {
    // Built on first request: every feature has registered its routes by then.
    document ??= buildOpenApiDocument(app, ctx.env.BASE_URL);
    return c.json(document);
  });

  mountMetricsRoute(app, ctx.metrics, ctx.env.METRICS_TOKEN);

  app.all('/api/*', (c) => {
    const allowed = findAllowedMethods(app.routes, c.req.path);
    if (allowed.length > 0) {
      c.header('Allow', allowed.join(', '));
      return c.json(new AppError('METHOD_NOT_ALLOWED', `${c.req.method} is not allowed here. Allowed: ${allowed.join(', ')}.`).toBody(), 405);
    }
    return c.json(unknownApiRouteError(c.req.method, c.req.path).toBody(), 404);
  });

  if (options.serveWeb !== false) {
    mountCrawlerFiles(app, ctx.env.BASE_URL);
    serveSpa(
      app,
      resolve(ctx.appRoot, ctx.env.WEB_DIST_DIR),
      (p) => isApiPath(p) || reservedPrefixes.some((r) => p.startsWith(r)),
      createPageRenderer(ctx.env.BASE_URL, features),
    );
  }
  app.notFound((c) => c.json(new AppError('NOT_FOUND', 'Not found.').toBody(), 404));
  return app;
}
