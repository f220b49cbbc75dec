import { unknownApiRouteError } from './errors.ts';

/**
 * What a worker process (ROLE=worker) answers over HTTP: its health and readiness, for the orchestrator's
 * checks, and its /metrics (the job counters live in the worker; still behind METRICS_TOKEN), and nothing else —
 * users reach the web processes. Everything else is the unknown-route 404.
 */
export function answerHealthOnly(fetch: (req: Request) => Response | Promise<Response>) {
  return (req: Request): Response | Promise<Response> => {
    const { pathname } = new URL(req.url);
    if (pathname === '/api/health' || pathname === '/api/health/ready' || pathname === '/metrics') return fetch(req);
    const body = unknownApiRouteError(req.method, pathname).toBody();
    return new Response(JSON.stringify(body), { status: 404, headers: { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' } });
  };
}
