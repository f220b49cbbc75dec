import { afterAll, beforeAll, expect, it } from 'vitest';
import { SCREENER_LIMITS } from '../../../core/screener/query.ts';
import { describeOnPglite } from '../../test/db.ts';
import { DEFAULT_SCREENER_RATE_LIMITS } from './screener.handlers.ts';
import { type ScreenerTest, startScreenerTest } from '../../test/screener-test-kit.ts';

const cheapQuality = {
  name: 'Cheap quality',
  filters: [
    { field: 'roe', min: 15 },
    { field: 'pe_ttm', min: 0, max: 20 },
  ],
  sort: { field: 'roe', dir: 'desc' },
  columns: ['roe', 'pe_ttm', 'sector'],
};

describeOnPglite('saved screens and bad screener input', (kind) => {
  let k: ScreenerTest;
  beforeAll(async () => {
    k = await startScreenerTest(kind);
  });
  afterAll(async () => k?.db.close());

  it('save, list newest first, delete: the saved screen runs as saved', async () => {
    const u = await k.createUser();
    const first = await k.as(u).saveScreen(cheapQuality);
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ name: 'Cheap quality', filters: cheapQuality.filters, sort: cheapQuality.sort, columns: cheapQuality.columns });
    const second = await k.as(u).saveScreen({ name: '  Net cash  ', filters: [{ field: 'net_cash', min: 0 }] });
    expect(second.status).toBe(201);
    // Defaults filled in and stored; the name trimmed.
    expect(second.body.name).toBe('Net cash');
    expect(second.body.sort).toEqual({ field: 'market_cap', dir: 'desc' });
    expect(second.body.columns.length).toBeGreaterThan(0);

    const list = await k.as(u).listScreens();
    expect(list.body.screens.map((s: { id: string }) => s.id)).toEqual([second.body.id, first.body.id]);
    const { filters, sort, columns } = list.body.screens[1];
    const run = await k.as(u).query({ filters, sort, columns });
    expect(run.status).toBe(200);
    expect(run.body.total).toBeGreaterThan(0);

    expect((await k.as(u).deleteScreen(first.body.id)).status).toBe(204);
    expect((await k.as(u).deleteScreen(first.body.id)).status).toBe(404);
    expect((await k.as(u).listScreens()).body.screens.map((s: { id: string }) => s.id)).toEqual([second.body.id]);
  });

  it("user B neither sees nor deletes user A's screen: the same 404 as an id that does not exist", async () => {
    const a = await k.createUser();
    const b = await k.createUser();
    const saved = await k.as(a).saveScreen(cheapQuality);
    expect((await k.as(b).listScreens()).body.screens).toEqual([]);
    const byB = await k.as(b).deleteScreen(saved.body.id);
    expect(byB.status).toBe(404);
    expect(byB.body).toEqual((await k.as(b).deleteScreen('00000000-0000-4000-8000-000000000000')).body);
    expect((await k.as(b).deleteScreen('not-a-uuid')).status).toBe(404);
    expect(await k.storedScreenCount(a)).toBe(1);
  });

  it('signed out: 401 on saved screens, while the catalog, queries and export stay public', async () => {
    expect((await k.as().listScreens()).status).toBe(401);
    expect((await k.as().saveScreen(cheapQuality)).status).toBe(401);
    expect((await k.as().deleteScreen('00000000-0000-4000-8000-000000000000')).status).toBe(401);
    expect((await k.as().query({})).status).toBe(200);
  });

  it('bad screens are 400 naming the field, and nothing is stored', async () => {
    const u = await k.createUser();
    const cases: Array<[body: unknown, field: string, message: RegExp]> = [
      [{ ...cheapQuality, filters: [{ field: 'price_to_dreams', min: 1 }] }, 'filters.0.field', /unknown field "price_to_dreams"/],
      [{ ...cheapQuality, filters: [{ field: 'pe_ttm', min: 30, max: 10 }] }, 'filters.0.min', /min 30 is above max 10/],
      [{ ...cheapQuality, filters: [{ field: 'pe_ttm', min: 'NaN' }] }, 'filters.0.min', /number/],
      [{ ...cheapQuality, filters: [{ field: 'sector', in: ['Tech'] }] }, 'filters.0.in.0', /"Tech" is not a value of Sector/],
      [{ ...cheapQuality, filters: [{ field: 'sector', min: 1 }] }, 'filters.0.min', /choice field/],
      [{ ...cheapQuality, sort: { field: 'roe', dir: 'sideways' } }, 'sort.dir', /./],
      [{ ...cheapQuality, columns: ['roe', 'roe'] }, 'columns.1', /listed twice/],
      [{ ...cheapQuality, name: '   ' }, 'name', /name/],
      [{ ...cheapQuality, name: 'x'.repeat(81) }, 'name', /./],
      [{ ...cheapQuality, page: 2 }, 'page', /./],
    ];
    for (const [body, field, message] of cases) {
      const r = await k.as(u).saveScreen(body);
      expect({ status: r.status, code: r.body.error.code, field: r.body.error.field }, JSON.stringify(body)).toEqual({
        status: 400,
        code: 'VALIDATION_FAILED',
        field,
      });
      expect(r.body.error.message).toMatch(message);
    }
    expect(await k.storedScreenCount(u)).toBe(0);
  });

  it('bad queries: Infinity, page_size 10,000, a page past the end (with the total), a body that is not JSON', async () => {
    // 1e999 is valid JSON that parses to Infinity.
    const inf = await k.t.app.request('/api/screener/query', {
      method: 'POST',
      headers: { origin: k.t.ctx.env.BASE_URL, 'content-type': 'application/json' },
      body: '{"filters":[{"field":"pe_ttm","max":1e999}]}',
    });
    expect(inf.status).toBe(400);
    expect((await inf.json()).error.field).toBe('filters.0.max');

    const huge = await k.as().query({ page_size: 10_000 });
    expect(huge.status).toBe(400);
    expect(huge.body.error.field).toBe('page_size');
    expect(huge.body.error.message).toMatch(/at most 100 rows a page/);

    const few = await k.as().query({ filters: [{ field: 'piotroski_f', min: 9 }], page_size: 100 });
    const past = await k.as().query({ filters: [{ field: 'piotroski_f', min: 9 }], page_size: 100, page: 2 });
    expect(past.status).toBe(400);
    expect(past.body.error).toMatchObject({ code: 'VALIDATION_FAILED', field: 'page', details: { total: few.body.total, last_page: 1 } });
    expect(past.body.error.message).toBe(`page: page 2 is past the last page (1) of ${few.body.total} matching rows`);

    const notJson = await k.t.json('POST', '/api/screener/query', '{"filters": [', { 'content-type': 'application/json' });
    expect(notJson.status).toBe(400);
    expect(notJson.body.error.code).toBe('INVALID_JSON');
  });

  it(`at most ${SCREENER_LIMITS.maxSavedScreens} screens a user: 5 parallel saves at ${SCREENER_LIMITS.maxSavedScreens - 1} store exactly one, the rest 409`, async () => {
    const u = await k.createUser();
    for (let i = 0; i < SCREENER_LIMITS.maxSavedScreens - 1; i++) {
      expect((await k.as(u).saveScreen({ ...cheapQuality, name: `Screen ${i}` })).status).toBe(201);
    }
    const answers = await Promise.all(Array.from({ length: 5 }, (_, i) => k.as(u).saveScreen({ ...cheapQuality, name: `Race ${i}` })));
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409, 409, 409, 409]);
    expect(answers.find((a) => a.status === 409)!.body.error.code).toBe('CONFLICT');
    expect(await k.storedScreenCount(u)).toBe(SCREENER_LIMITS.maxSavedScreens);
  });

  const { limit } = DEFAULT_SCREENER_RATE_LIMITS.anonymousReads;
  it(`anonymous reads: ${limit} a minute per address, then 429 with Retry-After; a signed-in user is counted apart`, async () => {
    const address = '10.9.8.7';
    for (let i = 0; i < limit; i++) expect((await k.as(undefined, address).query({ page_size: 1 })).status).toBe(200);
    const refused = await k.as(undefined, address).query({ page_size: 1 });
    expect(refused.status).toBe(429);
    expect(refused.body.error.code).toBe('RATE_LIMITED');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    const u = await k.createUser();
    expect((await k.as(u, address).query({ page_size: 1 })).status).toBe(200);
    expect((await k.as(undefined, '10.9.8.8').query({ page_size: 1 })).status).toBe(200);
  });
});
