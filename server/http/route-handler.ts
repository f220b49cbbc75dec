import type { RouteConfig, RouteHandler } from '@hono/zod-openapi';
import type { AppEnv } from './app-env.ts';

/**
 * A handler typed from its route contract: `c.req.valid(...)` and the allowed `c.json(body, status)` pairs
 * come from the route, so a handler in `<feature>.handlers.ts` cannot drift from `<feature>.routes.ts`.
 */
export type AppRouteHandler<R extends RouteConfig> = RouteHandler<R, AppEnv>;
