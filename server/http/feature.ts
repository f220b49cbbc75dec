import type { PageMatch } from '../../core/site/pages.ts';
import type { Database } from '../adapters/db/index.ts';
import type { Env } from '../env.ts';
import type { Logger } from '../lib/logger.ts';
import type { App } from './app-env.ts';

/** What every feature receives from the composition root. */
export interface AppContext {
  env: Env;
  db: Database;
  logger: Logger;
  appRoot: string;
  /** Current time; injectable so tests can move the clock (token periods, hold TTLs). */
  now: () => Date;
}

/** A feature plugs routes, middleware and background jobs into the app. */
export interface Feature {
  name: string;
  /** Middleware that must run before every route (e.g. session loading). */
  middleware?(app: App): void;
  routes?(app: App): void;
  /** Starts timers; must be idempotent across several app processes sharing one database. */
  start?(): void | Promise<void>;
  stop?(): void | Promise<void>;
  /** Paths that accept bodies above the 1 MB default (e.g. avatar upload), with their limits in bytes. */
  largeBodies?: Record<string, number>;
  /** What this feature adds to /api/health's `adapters`. */
  describe?(): Record<string, string>;
  /**
   * What this feature knows about a web page's subject, for the page's head and status (server/http/page-heads.ts):
   * a share link that does not exist (404), a symbol's company name. Null when the page is not its business.
   */
  describePage?(match: PageMatch): Promise<PageFacts | null>;
}

export interface PageFacts {
  /** The page's subject does not exist: the server answers 404 and the SPA renders its not-found page. */
  missing?: boolean;
  companyName?: string;
}
