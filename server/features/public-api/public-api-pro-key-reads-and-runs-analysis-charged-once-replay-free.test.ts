import { afterAll, beforeAll, expect, it } from 'vitest';
import { apiRateLimits } from '../../../core/public-api/limits.ts';
import { describeEachDatabase } from '../../test/db.ts';
import { PRO_BALANCE_MT, type PublicApiTest, startPublicApiTest } from '../../test/public-api-test-kit.ts';

describeEachDatabase('a Pro user’s API key on /api/v1', (kind) => {
  let k: PublicApiTest;
  beforeAll(async () => {
    // A clock that stands still 5 s into the current minute: the rate-limit counts below never cross a window.
    const frozen = new Date(Math.floor(Date.now() / 60_000) * 60_000 + 5_000);
    k = await startPublicApiTest(kind, { now: () => frozen });
  });
  afterAll(async () => k?.db.close());

  it('reads quote, history, point-in-time fundamentals, ratios, a screen and the balance for free, each with RateLimit-* headers', async () => {
    const user = await k.createUser('Pro');
    const { secret } = await k.createKey(user, ['read']);
    const api = k.withKey(secret);

    const quote = await api.get('/quotes/aapl');
    expect(quote.status).toBe(200);
    expect([quote.body.symbol, quote.body.delayed]).toEqual(['AAPL', true]);
    // First read of the window: 120 allowed, 120 − 1 = 119 left.
    expect(quote.headers.get('ratelimit-limit')).toBe(String(apiRateLimits.read.limit));
    expect(quote.headers.get('ratelimit-remaining')).toBe(String(apiRateLimits.read.limit - 1));
    expect(Number(quote.headers.get('ratelimit-reset'))).toBeGreaterThanOrEqual(1);

    const history = await api.get('/history/AAPL?range=1m');
    expect([history.status, history.body.range]).toEqual([200, '1m']);
    expect(history.body.bars.length).toBeGreaterThan(15);

    // Point in time: nothing filed after 2020-12-31 is in the statements.
    const asOf = await api.get('/fundamentals/AAPL?as_of=2020-12-31');
    expect([asOf.status, asOf.body.as_of]).toEqual([200, '2020-12-31']);
    const filedOn = asOf.body.annual.income.flatMap((l: { values: Array<{ as_of: string | null }> }) => l.values.map((v) => v.as_of)).filter(Boolean);
    expect(filedOn.length).toBeGreaterThan(0);
    expect(filedOn.every((d: string) => d <= '2020-12-31')).toBe(true);
    const latest = await api.get('/fundamentals/AAPL');
    expect(latest.body.annual.periods.length).toBeGreaterThan(asOf.body.annual.periods.length);

    const ratios = await api.get('/ratios/AAPL');
    expect(ratios.status).toBe(200);
    expect(typeof ratios.body.values.pe_ttm).toBe('number');
    expect(ratios.body.values.piotroski_f).toBeGreaterThanOrEqual(0);
    expect(ratios.body.values.piotroski_f).toBeLessThanOrEqual(9);

    const screen = await api.post('/screener/query', { filters: [{ field: 'pe_ttm', max: 25 }], columns: ['pe_ttm'], page_size: 5 });
    expect(screen.status).toBe(200);
    expect(screen.body.rows).toHaveLength(5);
    expect(screen.body.rows.every((r: { values: { pe_ttm: number } }) => r.values.pe_ttm <= 25)).toBe(true);

    const balance = await api.get('/balance');
    expect(balance.body).toMatchObject({ subscribed: true, subscription_tier: 'Pro', tokens: PRO_BALANCE_MT / 1000 });
    // Seven reads, 0 tokens spent; 120 − 7 = 113 left.
    expect(balance.headers.get('ratelimit-remaining')).toBe(String(apiRateLimits.read.limit - 7));
    expect(await k.balanceMt(user)).toBe(PRO_BALANCE_MT);
  });

  it('runs an analysis charged once (200 − 0.8 = 199.2); the same Idempotency-Key and body answers it again free (200); another body → 422', async () => {
    const user = await k.createUser('Pro');
    const { secret } = await k.createKey(user);
    const api = k.withKey(secret);

    const first = await api.post('/analyses', { symbol: 'AAPL', kind: 'technical' }, { 'idempotency-key': 'nightly-2026-07-02' });
    expect(first.status).toBe(201);
    expect([first.body.symbol, first.body.kind, first.body.cost_tokens]).toEqual(['AAPL', 'technical', 0.8]);
    expect(first.headers.get('ratelimit-limit')).toBe(String(apiRateLimits.analyses.limit));
    expect(await k.balanceMt(user)).toBe(PRO_BALANCE_MT - 800);

    const replay = await api.post('/analyses', { symbol: 'AAPL', kind: 'technical' }, { 'idempotency-key': 'nightly-2026-07-02' });
    expect([replay.status, replay.body.id]).toEqual([200, first.body.id]);
    expect(await k.balanceMt(user)).toBe(PRO_BALANCE_MT - 800);

    const other = await api.post('/analyses', { symbol: 'MSFT', kind: 'technical' }, { 'idempotency-key': 'nightly-2026-07-02' });
    expect([other.status, other.body.error.code, other.body.error.field]).toEqual([422, 'IDEMPOTENCY_KEY_REUSED', 'Idempotency-Key']);
    expect(await k.balanceMt(user)).toBe(PRO_BALANCE_MT - 800);

    // The run is in the owner's history, through the API and in the app alike.
    const list = await api.get('/analyses?limit=5');
    expect(list.body.analyses.map((a: { id: string }) => a.id)).toEqual([first.body.id]);
    const opened = await api.get(`/analyses/${first.body.id}`);
    expect([opened.status, opened.body.facts.length > 0]).toEqual([200, true]);
    const inApp = await k.t.json('GET', `/api/analyses/${first.body.id}`, undefined, { 'x-test-user-id': user });
    expect(inApp.body.id).toBe(first.body.id);
    // Re-opening is free: still 199.2.
    expect(await k.balanceMt(user)).toBe(PRO_BALANCE_MT - 800);
  });

  it('another user’s key cannot open the analysis (404), and a session cookie alone does not reach /api/v1 (401)', async () => {
    const owner = await k.createUser('Pro');
    const run = await k.withKey((await k.createKey(owner)).secret).post('/analyses', { symbol: 'MSFT', kind: 'overview' });
    expect(run.status).toBe(201);
    const stranger = k.withKey((await k.createKey(await k.createUser('Pro'))).secret);
    expect((await stranger.get(`/analyses/${run.body.id}`)).status).toBe(404);
    const signedInOnly = await k.t.json('GET', '/api/v1/balance', undefined, { 'x-test-user-id': owner });
    expect([signedInOnly.status, signedInOnly.body.error.code]).toEqual([401, 'UNAUTHORIZED']);
  });
});
