import type { OpenAPIHono } from '@hono/zod-openapi';
import type { ApiKeyScope } from '../../core/public-api/limits.ts';

/** The signed-in user as every handler sees it. Filled by the auth feature's session middleware. */
export interface SessionUser {
  id: string;
  email: string;
  name: string;
  emailVerified: boolean;
  image?: string | null;
}

/** The owner of the API key a /api/v1 request authenticated with. Set by the api-keys feature's middleware. */
export interface ApiCaller {
  keyId: string;
  userId: string;
  scopes: ApiKeyScope[];
}

export type AppEnv = {
  Variables: {
    /** The request's id (the caller's valid `X-Request-Id` or a new one), echoed in the answer and in its logs. */
    requestId: string;
    /** Absent when the request carries no valid session (handlers test it, `requireUser` throws). */
    user?: SessionUser;
    sessionId?: string;
    /** Only on /api/v1 requests, which authenticate with a key and never with the session cookie. */
    apiCaller?: ApiCaller;
    /** A page this client may not know exists (the dev outbox off loopback): served exactly as an unknown path. */
    pageHidden?: boolean;
  };
};

export type App = OpenAPIHono<AppEnv>;
