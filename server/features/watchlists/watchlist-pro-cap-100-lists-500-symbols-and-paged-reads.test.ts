import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { MAX_WATCHLISTS_PAGE, watchlistLimits } from '../../../core/watchlist/limits.ts';
import { describeEachDatabase } from '../../test/db.ts';
import { startWatchlistTest, type WatchlistTest } from '../../test/watchlist-test-kit.ts';

const base = Date.parse('2026-01-01T00:00:00.000Z');
const uuidOf = (n: number, prefix: string) => `${prefix}-4000-8000-${String(n).padStart(12, '0')}`;

/** `n` lists straight into the table, one millisecond apart (the API would take one request each). */
async function seedLists(k: WatchlistTest, userId: string, n: number, prefix: string): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < n; i++) {
    const id = uuidOf(i, prefix);
    const at = new Date(base + i).toISOString();
    await k.db.query(sql`INSERT INTO watchlists (id, user_id, name, created_at, updated_at) VALUES (${id}, ${userId}, ${`List ${i}`}, ${at}, ${at})`);
    ids.push(id);
  }
  return ids;
}

describeEachDatabase('Pro watchlists: a hard cap of 100 lists × 500 symbols, and paged reads', (kind) => {
  let k: WatchlistTest;
  beforeAll(async () => {
    k = await startWatchlistTest(kind);
  });
  afterAll(() => k.db.close());

  it('the cap is a product fact: Pro 100 lists of 500 symbols, described as such', () => {
    expect(watchlistLimits.Pro).toEqual({ lists: 100, symbolsPerList: 500 });
    expect(MAX_WATCHLISTS_PAGE).toBe(watchlistLimits.Pro.lists);
  });

  it('the 100th list is created, the 101st is 403 TIER_REQUIRED with max 100 and no upgrade, nothing stored', async () => {
    const u = await k.createUser('Pro');
    await seedLists(k, u.id, 99, 'aaaaaaaa-0001');
    expect((await k.as(u.id).createList('The hundredth')).status).toBe(201);
    const before = await k.countRows(u.id);
    const refused = await k.as(u.id).createList('One too many');
    expect(refused.status).toBe(403);
    expect(refused.body.error).toMatchObject({ code: 'TIER_REQUIRED', field: 'name', details: { limit: 'lists', tier: 'Pro', max: 100, upgrade_to: null } });
    expect(await k.countRows(u.id)).toEqual(before);
    expect(before.lists).toBe(100);
  });

  it('the 501st symbol of a Pro list is 403 TIER_REQUIRED with max 500, nothing stored', async () => {
    const u = await k.createUser('Pro');
    const [id] = await seedLists(k, u.id, 1, 'aaaaaaaa-0002');
    await k.db.query(sql`
      INSERT INTO watchlist_symbols (watchlist_id, symbol, added_at)
      SELECT ${id!}::uuid, 'Z' || lpad(n::text, 4, '0'), ${new Date(base).toISOString()}::timestamptz FROM generate_series(1, 500) AS n`);
    const before = await k.countRows(u.id);
    const refused = await k.as(u.id).add(id!, 'AAPL');
    expect(refused.status).toBe(403);
    expect(refused.body.error).toMatchObject({ code: 'TIER_REQUIRED', field: 'symbol', details: { limit: 'symbols_per_list', tier: 'Pro', max: 500 } });
    expect(await k.countRows(u.id)).toEqual(before);
    expect(before.symbols).toBe(500);
  });

  it('GET /api/watchlists pages oldest first with limit and cursor; unpaged, every list on one page; limits say 100 and 500', async () => {
    const u = await k.createUser('Pro');
    const ids = await seedLists(k, u.id, 100, 'aaaaaaaa-0003');
    const h = { 'x-test-user-id': u.id };
    const all = await k.t.json('GET', '/api/watchlists', undefined, h);
    expect(all.status).toBe(200);
    expect(all.body.watchlists.map((w: { id: string }) => w.id)).toEqual(ids);
    expect(all.body.next_cursor).toBeNull();
    expect(all.body.limits).toMatchObject({ tier: 'Pro', lists: 100, symbols_per_list: 500, description: '100 lists of 500 symbols each', upgrade_to: null });

    const seen: string[] = [];
    const sizes: number[] = [];
    let cursor: string | null = null;
    do {
      const page: { status: number; body: { watchlists: Array<{ id: string }>; next_cursor: string | null } } = await k.t.json(
        'GET',
        `/api/watchlists?limit=40${cursor ? `&cursor=${cursor}` : ''}`,
        undefined,
        h,
      );
      expect(page.status).toBe(200);
      sizes.push(page.body.watchlists.length);
      seen.push(...page.body.watchlists.map((w) => w.id));
      cursor = page.body.next_cursor;
    } while (cursor);
    expect(sizes).toEqual([40, 40, 20]);
    expect(seen).toEqual(ids);
  });

  it('a page beyond the cap, a malformed or forged cursor: 400 naming the field, for a signed-in user only', async () => {
    const u = await k.createUser('Pro');
    const h = { 'x-test-user-id': u.id };
    const tooMany = await k.t.json('GET', '/api/watchlists?limit=101', undefined, h);
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.error.field).toBe('limit');
    for (const cursor of [
      'x',
      Buffer.from('1|------------------------------------').toString('base64url'),
      Buffer.from('2026-01-01T00:00:00.000Z|nope').toString('base64url'),
    ]) {
      const res = await k.t.json('GET', `/api/watchlists?cursor=${cursor}`, undefined, h);
      expect(res.status, cursor).toBe(400);
      expect(res.body.error).toMatchObject({ code: 'BAD_REQUEST', field: 'cursor' });
    }
    expect((await k.t.json('GET', '/api/watchlists?limit=0')).status).toBe(401);
  });
});
