import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';

/**
 * The process's Prometheus metrics, one registry per app instance (built in main.ts or the test kit and passed
 * in the AppContext): a module-global registry would mix the counts of several apps a test process builds.
 * Served at /metrics (server/http/metrics-route.ts) only when METRICS_TOKEN is set.
 */
export interface AppMetrics {
  registry: Registry;
  /** One HTTP answer: its method, route pattern (never the raw path: ids would explode the series), status and seconds. */
  observeRequest(method: string, route: string, status: number, seconds: number): void;
  ledger: {
    /** A new pending hold (a replayed idempotency key is not counted again). */
    held(): void;
    /** A hold refused for want of tokens (the 402). */
    refused(): void;
    captured(): void;
    released(): void;
    /** Holds the sweeper expired after their TTL. */
    expired(count: number): void;
  };
  /** A checkout page opened at the payment provider (`kind`: subscription or topup). */
  checkoutCreated(provider: string, kind: string): void;
  /** A payment provider event (webhook or sandbox outbox) handled: processed, duplicate or failed. */
  paymentEvent(provider: string, type: string, outcome: 'processed' | 'duplicate' | 'failed'): void;
  /** One tick of a scheduled job (server/lib/jobs.ts), failed or not. */
  jobRun(job: string, failed: boolean, seconds: number): void;
  /** A copilot answer, by who wrote it (`offline` or `llm`) and whether it answered or refused. */
  copilotAnswer(mode: string, status: string): void;
  /** One model call attempt (a retry is another), by purpose and outcome (ok, error, timeout, aborted), and its seconds. */
  modelCall(purpose: string, outcome: string, seconds: number): void;
  /** Where the model breaker's state is read at scrape time; called only when a model is configured. */
  watchModelBreaker(read: () => 'closed' | 'open' | 'half_open'): void;
  /** Where the served prices' age is read at scrape time (the market feature's freshness: days and trading days behind). */
  watchMarketDataAge(read: () => { ageDays: number | null; lagTradingDays: number | null }): void;
}

/** Latency buckets in seconds: most answers take 1–20 ms; analyses and PDF exports take seconds. */
const HTTP_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];
const BREAKER_VALUE = { closed: 0, half_open: 1, open: 2 } as const;

export function createMetrics(options: { processMetrics?: boolean } = {}): AppMetrics {
  const registry = new Registry();
  // Process metrics (CPU, RSS, heap, event-loop lag, GC): on in servers; test apps may leave them off.
  if (options.processMetrics !== false) collectDefaultMetrics({ register: registry });
  const registers = [registry];
  const http = new Histogram({
    name: 'stockpilot_http_request_duration_seconds',
    help: 'Time from a request reaching the app to its answer being ready (a streamed body not included), by method, route pattern and status class.',
    labelNames: ['method', 'route', 'status_class'] as const,
    buckets: HTTP_BUCKETS,
    registers,
  });
  // The labelled child per series, kept: prom-client hashes the label object on every observe otherwise.
  const httpSeries = new Map<string, { observe(v: number): void }>();
  const counter = (name: string, help: string, labelNames: readonly string[] = []) => new Counter({ name, help, labelNames, registers });
  const holds = counter('stockpilot_ledger_holds_total', 'Token holds placed (an idempotent replay is not counted).');
  const refusals = counter('stockpilot_ledger_holds_refused_total', 'Holds refused for want of tokens (402 INSUFFICIENT_TOKENS).');
  const captures = counter('stockpilot_ledger_captures_total', 'Holds captured (the work succeeded and was charged).');
  const releases = counter('stockpilot_ledger_releases_total', 'Holds released (the work failed, timed out or was abandoned; nothing charged).');
  const expiries = counter('stockpilot_ledger_expiries_total', "Holds the sweeper expired after their TTL (a killed process's work).");
  const checkouts = counter('stockpilot_checkout_sessions_total', 'Checkout pages opened at the payment provider.', ['provider', 'kind']);
  const events = counter('stockpilot_payment_events_total', 'Payment provider events handled (webhooks, sandbox outbox).', ['provider', 'type', 'outcome']);
  const jobRuns = counter('stockpilot_job_runs_total', 'Scheduled job ticks run, by job.', ['job']);
  const jobFailures = counter('stockpilot_job_failures_total', 'Scheduled job ticks that threw, by job.', ['job']);
  const jobSeconds = new Histogram({
    name: 'stockpilot_job_duration_seconds',
    help: 'Time one scheduled job tick took, by job.',
    labelNames: ['job'] as const,
    buckets: [0.01, 0.1, 1, 10, 60, 600],
    registers,
  });
  // A job's lag is `time() - stockpilot_job_last_success_timestamp_seconds` in PromQL: alert when it exceeds a few intervals.
  const jobLastSuccess = new Gauge({
    name: 'stockpilot_job_last_success_timestamp_seconds',
    help: 'When each scheduled job last finished a tick without throwing (Unix seconds).',
    labelNames: ['job'] as const,
    registers,
  });
  const modelCalls = counter('stockpilot_model_calls_total', 'Model call attempts (a retry counts again), by purpose and outcome.', ['purpose', 'outcome']);
  const modelSeconds = new Histogram({
    name: 'stockpilot_model_call_duration_seconds',
    help: 'Time one model call attempt took, by purpose.',
    labelNames: ['purpose'] as const,
    buckets: [0.1, 0.25, 0.5, 1, 2.5, 5, 10, 20, 40],
    registers,
  });
  const copilot = counter('stockpilot_copilot_answers_total', 'Copilot answers by mode (offline or llm) and status (answered or refused).', ['mode', 'status']);
  return {
    registry,
    observeRequest(method, route, status, seconds) {
      const statusClass = `${Math.floor(status / 100)}xx`;
      const key = `${method} ${route} ${statusClass}`;
      let series = httpSeries.get(key);
      if (!series) {
        series = http.labels(method, route, statusClass);
        httpSeries.set(key, series);
      }
      series.observe(seconds);
    },
    ledger: {
      held: () => holds.inc(),
      refused: () => refusals.inc(),
      captured: () => captures.inc(),
      released: () => releases.inc(),
      expired: (count) => {
        if (count > 0) expiries.inc(count);
      },
    },
    checkoutCreated: (provider, kind) => checkouts.inc({ provider, kind }),
    paymentEvent: (provider, type, outcome) => events.inc({ provider, type, outcome }),
    jobRun(job, failed, seconds) {
      jobRuns.inc({ job });
      if (failed) jobFailures.inc({ job });
      else jobLastSuccess.set({ job }, Date.now() / 1000);
      jobSeconds.observe({ job }, seconds);
    },
    copilotAnswer: (mode, status) => copilot.inc({ mode, status }),
    modelCall(purpose, outcome, seconds) {
      modelCalls.inc({ purpose, outcome });
      modelSeconds.observe({ purpose }, seconds);
    },
    watchModelBreaker(read) {
      // Registered only when a model is configured: a label-less gauge always shows a value, and 0 would read "closed".
      if (registry.getSingleMetric('stockpilot_model_breaker_state')) return;
      new Gauge({
        name: 'stockpilot_model_breaker_state',
        help: 'The model circuit breaker: 0 closed, 1 half-open, 2 open (model calls skipped).',
        registers,
        collect() {
          this.set(BREAKER_VALUE[read()]);
        },
      });
    },
    watchMarketDataAge(read) {
      if (registry.getSingleMetric('stockpilot_market_data_age_days')) return;
      // Unknown (live mode before its first bar) is left out rather than shown as 0, which would read "current".
      new Gauge({
        name: 'stockpilot_market_data_age_days',
        help: 'Calendar days from the newest daily bar served to today in New York.',
        registers,
        collect() {
          const { ageDays } = read();
          if (ageDays === null) this.reset();
          else this.set(ageDays);
        },
      });
      new Gauge({
        name: 'stockpilot_market_data_lag_trading_days',
        help: 'Completed trading days after the newest daily bar that the data lacks (0: current).',
        registers,
        collect() {
          const { lagTradingDays } = read();
          if (lagTradingDays === null) this.reset();
          else this.set(lagTradingDays);
        },
      });
    },
  };
}
