import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { MAX_API_PAGE_SIZE } from '../../../core/public-api/limits.ts';
import { describeOnPglite } from '../../test/db.ts';
import { PRO_BALANCE_MT, type PublicApiTest, startPublicApiTest } from '../../test/public-api-test-kit.ts';

describeOnPglite('/api/v1 bad input: the error contract, nothing charged or stored', (kind) => {
  let k: PublicApiTest;
  let user: string;
  let api: ReturnType<PublicApiTest['withKey']>;
  beforeAll(async () => {
    k = await startPublicApiTest(kind);
    user = await k.createUser('Pro');
    api = k.withKey((await k.createKey(user)).secret);
  });
  afterAll(async () => k?.db.close());

  const expectRefused = (res: { status: number; body: { error: { code: string; field?: string } } }, status: number, code: string, field?: string) => {
    expect([res.status, res.body.error.code]).toEqual([status, code]);
    if (field) expect(res.body.error.field).toBe(field);
  };

  it(`pages above ${MAX_API_PAGE_SIZE}: analyses ?limit=${MAX_API_PAGE_SIZE + 1} and a screen's page_size ${MAX_API_PAGE_SIZE + 1} → 400 naming the field`, async () => {
    expectRefused(await api.get(`/analyses?limit=${MAX_API_PAGE_SIZE + 1}`), 400, 'VALIDATION_FAILED', 'limit');
    expectRefused(await api.post('/screener/query', { page_size: MAX_API_PAGE_SIZE + 1 }), 400, 'VALIDATION_FAILED', 'page_size');
    expect((await api.get(`/analyses?limit=${MAX_API_PAGE_SIZE}`)).status).toBe(200);
  });

  it('unknown query fields are refused on every kind of route, not ignored', async () => {
    expectRefused(await api.get('/quotes/AAPL?currency=EUR'), 400, 'VALIDATION_FAILED', 'currency');
    expectRefused(await api.get('/history/AAPL?range=1y&interval=1wk'), 400, 'VALIDATION_FAILED', 'interval');
    expectRefused(await api.get('/fundamentals/AAPL?asof=2020-01-01'), 400, 'VALIDATION_FAILED', 'asof');
    expectRefused(await api.get('/analyses?sort=oldest'), 400, 'VALIDATION_FAILED', 'sort');
    expectRefused(await api.get('/balance?verbose=1'), 400, 'VALIDATION_FAILED', 'verbose');
    expectRefused(await api.get('/history/AAPL?range=2y'), 400, 'VALIDATION_FAILED', 'range');
    expectRefused(await api.get('/fundamentals/AAPL?as_of=2020-13-01'), 400, 'VALIDATION_FAILED', 'as_of');
  });

  it('a run with an unknown body field, a bad kind, a subtype on a non-fundamental kind, bad JSON or an unknown symbol is refused before any hold', async () => {
    expectRefused(await api.post('/analyses', { symbol: 'AAPL', kind: 'technical', priority: 'high' }), 400, 'VALIDATION_FAILED', 'priority');
    expectRefused(await api.post('/analyses', { symbol: 'AAPL', kind: 'astrology' }), 400, 'VALIDATION_FAILED', 'kind');
    expectRefused(await api.post('/analyses', { symbol: 'AAPL', kind: 'technical', subtype: 'growth' }), 400, 'VALIDATION_FAILED', 'subtype');
    expectRefused(await api.post('/analyses', '{"symbol": "AAPL",'), 400, 'INVALID_JSON');
    expectRefused(await api.post('/analyses', { symbol: 'ZZZZZZ', kind: 'technical' }), 404, 'UNKNOWN_SYMBOL');
    expectRefused(await api.post('/analyses', { symbol: 'AAPL', kind: 'technical' }, { 'idempotency-key': 'k'.repeat(201) }), 400, 'VALIDATION_FAILED');
    expectRefused(await api.post('/screener/query', { filters: [{ field: 'pe_ttm', max: 10, below: 3 }] }), 400, 'VALIDATION_FAILED', 'filters.0.below');
    expect(await k.balanceMt(user)).toBe(PRO_BALANCE_MT);
    const [holds] = await k.db.query<{ n: number }>(sql`SELECT count(*)::int AS n FROM token_holds WHERE user_id = ${user}`);
    const [rows] = await k.db.query<{ n: number }>(sql`SELECT count(*)::int AS n FROM analyses WHERE user_id = ${user}`);
    expect([Number(holds!.n), Number(rows!.n)]).toEqual([0, 0]);
  });

  it('an unknown symbol reads 404 UNKNOWN_SYMBOL and an unknown v1 path 404 — each with RateLimit headers', async () => {
    const unknown = await api.get('/quotes/ZZZZZZ');
    expectRefused(unknown, 404, 'UNKNOWN_SYMBOL');
    expect(unknown.headers.get('ratelimit-remaining')).not.toBeNull();
    const nope = await api.get('/nope');
    expectRefused(nope, 404, 'NOT_FOUND');
    expect(nope.headers.get('ratelimit-limit')).not.toBeNull();
  });
});
