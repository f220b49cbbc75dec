import { createHash, timingSafeEqual } from 'node:crypto';
import { AppError } from '../lib/errors.ts';
import type { AppMetrics } from '../lib/metrics.ts';
import type { App } from './app-env.ts';

const digest = (s: string) => createHash('sha256').update(s).digest();

/**
 * `GET /metrics` in Prometheus' text format, for a scraper and never for users: without `METRICS_TOKEN` it
 * answers exactly as an unknown path does (404), with it only `Authorization: Bearer <token>` gets in (401
 * otherwise). It sits outside /api, so it is neither in the OpenAPI document nor under the session layer.
 */
export function mountMetricsRoute(app: App, metrics: AppMetrics | undefined, token: string | undefined): void {
  // Digests compared in constant time: the comparison must not tell a guesser how much of the token was right.
  const expected = token ? digest(`Bearer ${token}`) : null;
  app.get('/metrics', async (c) => {
    if (!expected || !metrics) return c.json(new AppError('NOT_FOUND', 'Not found.').toBody(), 404);
    const given = c.req.header('authorization');
    if (!given || !timingSafeEqual(digest(given), expected)) {
      c.header('WWW-Authenticate', 'Bearer realm="metrics"');
      return c.json(new AppError('UNAUTHORIZED', 'This needs the metrics token.').toBody(), 401);
    }
    const text = await metrics.registry.metrics();
    return c.body(text, 200, { 'Content-Type': metrics.registry.contentType, 'Cache-Control': 'no-store' });
  });
}
