import type { PageMatch } from '../../core/site/pages.ts';
import type { Database } from '../adapters/db/index.ts';
import type { Env } from '../env.ts';
import type { Logger } from '../lib/logger.ts';
import type { AppMetrics } from '../lib/metrics.ts';
import type { App } from './app-env.ts';

/** What every feature receives from the composition root. */
export interface AppContext {
  env: Env;
  db: Database;
  logger: Logger;
  appRoot: string;
  /** Current time; injectable so tests can move the clock (token periods, hold TTLs). */
  now: () => Date;
  /**
   * This app's Prometheus metrics (served at /metrics with METRICS_TOKEN). main.ts and the test kit always
   * build one; a context a unit test assembles by hand may leave it out, and then nothing is counted.
   */
  metrics?: AppMetrics;
}

/** A feature plugs routes, middleware and background jobs into the app. */
export interface Feature {
  name: string;
  /** Middleware that must run before every route (e.g. session loading). */
  middleware?(app: App): void;
  routes?(app: App): void;
  /**
   * Readies this process to serve requests (modules, caches, render threads) — processes that serve HTTP
   * (ROLE web or all). Never writes shared state: several web processes warm alike.
   */
  warm?(): void | Promise<void>;
  /**
   * Starts this feature's scheduled jobs (sweepers, deliveries, backtest, alerts) — only in processes that run jobs
   * (ROLE worker or all); must be idempotent across several such processes sharing one database.
   */
  start?(): void | Promise<void>;
  /** Stops what `warm` and `start` began (timers, threads, mail transports), at a safe point. */
  stop?(): void | Promise<void>;
  /** Paths that accept bodies above the 1 MB default (e.g. avatar upload), with their limits in bytes. */
  largeBodies?: Record<string, number>;
  /** What this feature adds to /api/health's `adapters`. */
  describe?(): Record<string, string>;
  /**
   * The parts this feature cannot serve without (its data files, its loaded modules), for `/api/health/ready`:
   * a process whose build lacks one answers 503 there instead of failing a user's request later.
   */
  checkReady?(): Promise<ReadinessCheck[]>;
  /**
   * What this feature knows about a web page's subject, for the page's head and status (server/http/page-heads.ts):
   * a share link that does not exist (404), a symbol's company name. Null when the page is not its business.
   */
  describePage?(match: PageMatch): Promise<PageFacts | null>;
}

/** One required part of a process and whether it is there. */
export interface ReadinessCheck {
  part: string;
  ok: boolean;
  /** Why not (the error), or what was found. */
  detail: string;
}

export interface PageFacts {
  /** The page's subject does not exist: the server answers 404 and the SPA renders its not-found page. */
  missing?: boolean;
  companyName?: string;
}
