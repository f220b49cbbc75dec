import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../adapters/db/index.ts';
import { createIntervalJob } from '../lib/jobs.ts';
import { createLogger } from '../lib/logger.ts';
import { signUpAndVerify } from '../test/auth.ts';
import { startTestApp } from '../test/app.ts';
import { type BillingTestApp, startBillingApp } from '../test/billing-test-kit.ts';
import { type FakeOpenAiServer, startFakeOpenAiServer } from '../test/fake-openai-server.ts';

const TOKEN = 'metrics-token-for-tests-0123456789';

/** Prometheus' text format read into `name{label="v",…}` → value, labels in the order the registry writes them. */
function parseMetrics(text: string): Map<string, number> {
  const samples = new Map<string, number>();
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('#')) continue;
    const at = line.lastIndexOf(' ');
    samples.set(line.slice(0, at), Number(line.slice(at + 1)));
  }
  return samples;
}

/** One sample's value; a series not yet written counts 0 (prom-client writes labelled counters from their first inc). */
function sample(samples: Map<string, number>, name: string, labels: Record<string, string> = {}): number {
  const wanted = Object.entries(labels).map(([k, v]) => `${k}="${v}"`);
  for (const [key, value] of samples) {
    const brace = key.indexOf('{');
    const keyName = brace < 0 ? key : key.slice(0, brace);
    if (keyName !== name) continue;
    const keyLabels = brace < 0 ? [] : key.slice(brace + 1, -1).split(',');
    if (wanted.every((l) => keyLabels.includes(l)) && keyLabels.length === wanted.length) return value;
  }
  return 0;
}

describe('/metrics without METRICS_TOKEN [pglite]', () => {
  let db: Database;
  let t: Awaited<ReturnType<typeof startTestApp>>['t'];
  beforeAll(async () => ({ db, t } = await startTestApp('pglite')));
  afterAll(async () => db?.close());

  it('is 404, as an unknown path, even with a bearer token', async () => {
    expect((await t.json('GET', '/metrics')).status).toBe(404);
    expect((await t.json('GET', '/metrics', undefined, { authorization: `Bearer ${TOKEN}` })).status).toBe(404);
  });
});

describe('/metrics with METRICS_TOKEN after traffic [pglite]', () => {
  let db: Database;
  let t: BillingTestApp;
  beforeAll(async () => ({ db, t } = await startBillingApp('pglite', { env: { METRICS_TOKEN: TOKEN } })));
  afterAll(async () => db?.close());

  const scrape = async () => {
    const res = await t.app.request('/metrics', { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/plain');
    return parseMetrics(await res.text());
  };

  it('is 401 without the token or with a wrong one', async () => {
    expect((await t.json('GET', '/metrics')).status).toBe(401);
    const wrong = await t.json('GET', '/metrics', undefined, { authorization: 'Bearer not-the-token-at-all-0000' });
    expect(wrong.status).toBe(401);
    expect(wrong.headers.get('www-authenticate')).toContain('Bearer');
    expect((await t.json('GET', '/metrics', undefined, { authorization: TOKEN })).status).toBe(401);
  });

  it('counts a sign-up, a charged analysis, a refused one (402) and a paid top-up exactly', async () => {
    const before = await scrape();
    const delta = (after: Map<string, number>, name: string, labels?: Record<string, string>) => sample(after, name, labels) - sample(before, name, labels);

    const { cookie } = await signUpAndVerify(t);
    const run = await t.json('POST', '/api/analyses', { symbol: 'AAPL', kind: 'technical' }, { cookie });
    expect(run.status).toBe(201);

    const poor = await t.userWith('Free', 300);
    const refused = await t.json('POST', '/api/analyses', { symbol: 'AAPL', kind: 'technical' }, t.as(poor.id));
    expect(refused.status).toBe(402);

    const buyer = await t.userWith('Basic', 3_000);
    const topup = await t.json('POST', '/api/billing/create-token-topup', { tokensToPurchase: 50 }, t.as(buyer.id));
    expect(topup.status).toBe(200);
    const paid = await t.app.request(`${new URL(topup.body.url).pathname}/pay`, {
      method: 'POST',
      headers: { origin: t.ctx.env.BASE_URL, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ card_number: '4242 4242 4242 4242', action: 'pay' }).toString(),
    });
    expect(paid.status).toBe(303);

    const after = await scrape();
    expect(delta(after, 'stockpilot_ledger_holds_total')).toBe(1);
    expect(delta(after, 'stockpilot_ledger_captures_total')).toBe(1);
    expect(delta(after, 'stockpilot_ledger_releases_total')).toBe(0);
    expect(delta(after, 'stockpilot_ledger_holds_refused_total')).toBe(1);
    expect(delta(after, 'stockpilot_checkout_sessions_total', { provider: 'sandbox', kind: 'topup' })).toBe(1);
    expect(delta(after, 'stockpilot_payment_events_total', { provider: 'sandbox', type: 'checkout.session.completed', outcome: 'processed' })).toBe(1);

    // The latency histogram has the analyses route by its pattern: one 2xx and one 4xx sample.
    const series = (statusClass: string) => ({ method: 'POST', route: '/api/analyses', status_class: statusClass });
    expect(delta(after, 'stockpilot_http_request_duration_seconds_count', series('2xx'))).toBe(1);
    expect(delta(after, 'stockpilot_http_request_duration_seconds_count', series('4xx'))).toBe(1);
    expect(delta(after, 'stockpilot_http_request_duration_seconds_bucket', { ...series('2xx'), le: '+Inf' })).toBe(1);
    expect(sample(after, 'stockpilot_http_request_duration_seconds_count', { method: 'POST', route: '/api/auth/*', status_class: '2xx' })).toBeGreaterThan(0);
    // The raw path never becomes a series: the sandbox page is counted under its pattern.
    expect([...after.keys()].some((k) => k.includes(new URL(topup.body.url).pathname))).toBe(false);
  });

  it('counts copilot answers by mode and status; without a model there is no breaker gauge', async () => {
    const before = await scrape();
    const u = await t.userWith('Free', 5_000);
    const answered = await t.json('POST', '/api/copilot/messages', { message: 'RSI of MSFT' }, t.as(u.id));
    expect([answered.status, answered.body.mode, answered.body.status]).toEqual([200, 'offline', 'answered']);
    const after = await scrape();
    const offline = { mode: 'offline', status: 'answered' };
    expect(sample(after, 'stockpilot_copilot_answers_total', offline) - sample(before, 'stockpilot_copilot_answers_total', offline)).toBe(1);
    expect(sample(after, 'stockpilot_ledger_captures_total') - sample(before, 'stockpilot_ledger_captures_total')).toBe(1);
    expect([...after.keys()].some((k) => k.startsWith('stockpilot_model_breaker_state'))).toBe(false);
  });

  it("counts a job's ticks and failures by name", async () => {
    let fail = false;
    const job = createIntervalJob({
      name: 'test-job',
      everyMs: 60_000,
      logger: createLogger('silent'),
      metrics: t.ctx.metrics,
      run: async () => {
        if (fail) throw new Error('boom');
      },
    });
    await job.runNow();
    fail = true;
    await job.runNow();
    const after = await scrape();
    expect(sample(after, 'stockpilot_job_runs_total', { job: 'test-job' })).toBe(2);
    expect(sample(after, 'stockpilot_job_failures_total', { job: 'test-job' })).toBe(1);
    // The last success is the first tick's (the failed one does not move it): a real Unix time, not a default 0.
    const lastSuccess = sample(after, 'stockpilot_job_last_success_timestamp_seconds', { job: 'test-job' });
    expect(lastSuccess).toBeGreaterThan(Date.UTC(2020, 0, 1) / 1000);
  });

  it("states the served prices' age as the freshness endpoint does: the bundled snapshot's days and trading days behind", async () => {
    const samples = await scrape();
    const freshness = (await t.json('GET', '/api/market/freshness')).body;
    expect(freshness.age_days).toBeGreaterThan(0);
    expect(sample(samples, 'stockpilot_market_data_age_days')).toBe(freshness.age_days);
    expect(sample(samples, 'stockpilot_market_data_lag_trading_days')).toBe(freshness.lag_trading_days);
  });

  it('keeps each app its own registry: a second app in this process starts from zero', async () => {
    const other = await startTestApp('pglite', { env: { METRICS_TOKEN: TOKEN } });
    try {
      const res = await other.t.app.request('/metrics', { headers: { authorization: `Bearer ${TOKEN}` } });
      const samples = parseMetrics(await res.text());
      expect(sample(samples, 'stockpilot_ledger_holds_total')).toBe(0);
      expect(sample(samples, 'stockpilot_job_runs_total', { job: 'test-job' })).toBe(0);
    } finally {
      await other.db.close();
    }
  });
});

describe('/metrics counts model calls [pglite]', () => {
  let db: Database;
  let t: BillingTestApp;
  let fake: FakeOpenAiServer;
  beforeAll(async () => {
    // A model that answers every call 500: the note falls back to the rule-based writer after the attempts it allows.
    fake = await startFakeOpenAiServer({ handler: () => ({ status: 500 }) });
    ({ db, t } = await startBillingApp('pglite', { env: { METRICS_TOKEN: TOKEN, AI_BASE_URL: fake.url, AI_MODEL: 'fake-analyst-7b' } }));
  });
  afterAll(async () => {
    await db?.close();
    await fake?.close();
  });

  it('every attempt the model server received is one stockpilot_model_calls_total sample, outcome "error"; the analysis is still served', async () => {
    const user = await t.userWith('Free', 10_000);
    const run = await t.json('POST', '/api/analyses', { symbol: 'AAPL', kind: 'technical' }, t.as(user.id));
    expect(run.status).toBe(201);
    const res = await t.app.request('/metrics', { headers: { authorization: `Bearer ${TOKEN}` } });
    const samples = parseMetrics(await res.text());
    const calls = [...samples].filter(([k]) => k.startsWith('stockpilot_model_calls_total{'));
    expect(fake.requests.length).toBeGreaterThan(0);
    expect(calls.reduce((n, [, v]) => n + v, 0)).toBe(fake.requests.length);
    expect(calls.every(([k]) => k.includes('outcome="error"'))).toBe(true);
    const durations = [...samples].filter(([k]) => k.startsWith('stockpilot_model_call_duration_seconds_count{'));
    expect(durations.reduce((n, [, v]) => n + v, 0)).toBe(fake.requests.length);
  });
});
