import type { RouteConfig, RouteHandler } from '@hono/zod-openapi';
import type { AppEnv } from './app-env.ts';

/** A handler typed from its route contract: its params, body and responses are checked against the route. */
export type AppRouteHandler<R extends RouteConfig> = RouteHandler<R, AppEnv>;
