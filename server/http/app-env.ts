import type { OpenAPIHono } from '@hono/zod-openapi';

/** The signed-in user as every handler sees it. Filled by the auth feature's session middleware. */
export interface SessionUser {
  id: string;
  email: string;
  name: string;
  emailVerified: boolean;
  image?: string | null;
}

export type AppEnv = {
  Variables: {
    user: SessionUser | null;
    sessionId: string | null;
    requestId: string;
  };
};

export type App = OpenAPIHono<AppEnv>;
