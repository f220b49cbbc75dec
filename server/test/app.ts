import { createApp } from '../app.ts';
import type { Database } from '../adapters/db/index.ts';
import { parseEnv, type Env } from '../env.ts';
import { createFeatures } from '../features/index.ts';
import type { AppContext } from '../http/feature.ts';
import { findAppRoot } from '../lib/app-root.ts';
import { createLogger, type Logger } from '../lib/logger.ts';
import { createMetrics } from '../lib/metrics.ts';
import { sql } from 'drizzle-orm';
import type { Feature } from '../http/feature.ts';
import type { App } from '../http/app-env.ts';
import { createResponseChecker } from './openapi-conformance.ts';
import { createTestDatabase, type DatabaseKind } from './db.ts';

function actAsHeaderFeature(db: Database): Feature {
  return {
    name: 'test-act-as',
    middleware(app) {
      app.use('*', async (c, next) => {
        const id = c.req.header('x-test-user-id');
        if (id) {
          const [u] = await db.query<{ id: string; email: string; name: string; email_verified: boolean }>(
            sql`SELECT id, email, name, email_verified FROM "user" WHERE id = ${id}`,
          );
          if (u) c.set('user', { id: u.id, email: u.email, name: u.name, emailVerified: u.email_verified });
        }
        await next();
      });
    },
  };
}

export interface TestAppOptions {
  env?: Record<string, string>;
  now?: () => Date;
  /**
   * Accept `x-test-user-id: <id>` as the signed-in user (the row must exist). Test-only: lets service
   * route tests skip the sign-in dance; the accounts tests exercise real sessions.
   */
  actAsHeader?: boolean;
  /** Where the app logs (default: LOG_LEVEL, silent in tests); tests that check what is logged pass their own. */
  logger?: Logger;
  /** Extra features mounted after the app's own (tests of the test kit). */
  features?: Feature[];
}

/** A response the published OpenAPI document does not describe (see createTestApp). */
export class ContractMismatchError extends Error {
  override name = 'ContractMismatchError';
}

/**
 * Every response this app gives to a test is checked against /api/openapi.json: an operation that
 * answers a status, a field or a type the document does not state fails the test that received it.
 */
function checkEveryResponseAgainstTheDocument(app: App): string[] {
  const mismatches: string[] = [];
  const send = app.request.bind(app) as (...args: unknown[]) => Promise<Response>;
  let check: Promise<ReturnType<typeof createResponseChecker>> | undefined;
  app.request = (async (input: string | URL | Request, init?: RequestInit, ...rest: unknown[]) => {
    const res = await send(input, init, ...rest);
    check ??= send('/api/openapi.json').then(async (r) => createResponseChecker(await r.json()));
    const method = (init?.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase();
    const path = new URL(input instanceof Request ? input.url : String(input), 'http://localhost').pathname;
    const problem = (await check)(method, path, res.status, res.headers.get('content-type') ?? '', await res.clone().text());
    if (problem) {
      mismatches.push(problem);
      throw new ContractMismatchError(problem);
    }
    return res;
  }) as App['request'];
  return mismatches;
}

/**
 * `app.request` bindings that stand in for @hono/node-server's: the socket's remote address, as
 * `getConnInfo` reads it. The helpers send from 127.0.0.1 (a developer's own machine) unless told otherwise.
 */
export const fromSocket = (remoteAddress: string) => ({ incoming: { socket: { remoteAddress } } });

/** The real app, all features wired, on the given database; requests go through `app.request`. */
export async function createTestApp(db: Database, options: TestAppOptions = {}) {
  const env: Env = parseEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', BASE_URL: 'http://localhost:3000', ...options.env });
  const ctx: AppContext = {
    env,
    db,
    logger: options.logger ?? createLogger(env.LOG_LEVEL),
    appRoot: findAppRoot(),
    now: options.now ?? (() => new Date()),
    // Process metrics stay off: a test process builds many apps and each would add its own GC observer.
    metrics: createMetrics({ processMetrics: false }),
  };
  const features = await createFeatures(ctx);
  if (options.actAsHeader) features.push(actAsHeaderFeature(db));
  features.push(...(options.features ?? []));
  const app = createApp(ctx, features);
  const contractMismatches = checkEveryResponseAgainstTheDocument(app);
  const origin = env.BASE_URL;
  /** JSON request helper that sends the same-origin header a browser would, from `remoteAddress` (127.0.0.1). */
  const json = async (method: string, path: string, body?: unknown, headers: Record<string, string> = {}, remoteAddress = '127.0.0.1') => {
    const res = await app.request(
      path,
      {
        method,
        headers: { origin, ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...headers },
        body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
      },
      fromSocket(remoteAddress),
    );
    return readJsonAnswer(res);
  };
  return { app, ctx, features, json, contractMismatches };
}

/** Status, headers and the body parsed as JSON (the text when it is not JSON, null when empty). */
export async function readJsonAnswer(res: Response) {
  const text = await res.text();
  // biome-ignore lint/suspicious/noExplicitAny: tests read whatever JSON the route answered, field by field.
  let data: any = text;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {}
  return { status: res.status, headers: res.headers, body: data };
}

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;

/** A suite's own database and the app on it: `beforeAll(async () => ({ db, t } = await startTestApp(kind)))`. */
export async function startTestApp(kind: DatabaseKind, options: TestAppOptions = {}) {
  const db = await createTestDatabase(kind);
  return { db, t: await createTestApp(db, options) };
}
