import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../adapters/db/index.ts';
import { startTestApp, type TestApp, createTestApp } from '../../test/app.ts';
import { createTestDatabase, describeEachDatabase } from '../../test/db.ts';
import { insertTestUser } from '../../test/users.ts';

describeEachDatabase('tokens API', (kind) => {
  let db: Database;
  let t: TestApp;
  const now = new Date('2026-01-31T12:00:00.000Z');
  beforeAll(async () => ({ db, t } = await startTestApp(kind, { actAsHeader: true, now: () => now })));
  afterAll(async () => db?.close());

  it('a new user (account opened lazily on first read) is Free with 10 tokens, next reset one month later (Jan 31 → Feb 28)', async () => {
    const u = await insertTestUser(db);
    const res = await t.json('GET', '/api/tokens', undefined, { 'x-test-user-id': u.id });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      user_id: u.id,
      token_balance: 10,
      remaining_tokens: 10,
      subscription_tier: 'Free',
      next_reset_date: '2026-02-28T12:00:00.000Z',
      actual_billing_period_end: null,
      last_tier_change: null,
      previous_tier: null,
      proration_factor: null,
      allocation: 10,
      purchased: 0,
      held: 0,
    });
    const sub = await t.json('GET', '/api/subscription', undefined, { 'x-test-user-id': u.id });
    expect(sub.body).toEqual({ subscribed: false, subscription_tier: 'Free', subscription_end: null, tokens: 10 });
  });

  it('balance is allocation + purchased − held, tokens with 3 decimals', async () => {
    const u = await insertTestUser(db);
    const ledger = (await import('./tokens-service.ts')).createTokensService(db, { now: () => now });
    await ledger.creditPurchase(u.id, { amountMt: 20_000, idempotencyKey: 'cs_api_1', actor: 'test' });
    await ledger.hold(u.id, 1200, 'bs-1'); // 10 + 20 − 1.2 = 28.8
    const res = await t.json('GET', '/api/tokens', undefined, { 'x-test-user-id': u.id });
    expect(res.body).toMatchObject({ token_balance: 28.8, remaining_tokens: 8.8, allocation: 10, purchased: 20, held: 1.2 });
    expect(res.body.allocation + res.body.purchased - res.body.held).toBeCloseTo(res.body.token_balance, 9);
  });

  it('signed out → 401 on the account routes; the usage guide is public', async () => {
    expect((await t.json('GET', '/api/tokens')).status).toBe(401);
    expect((await t.json('GET', '/api/subscription')).status).toBe(401);
    const costs = await t.json('GET', '/api/token-costs');
    expect(costs.status).toBe(200);
    expect(costs.body.costs.map((c: { action: string; tokens: number }) => [c.action, c.tokens])).toEqual([
      ['overview', 0.5],
      ['fundamental', 1],
      ['technical', 0.8],
      ['balance-sheet', 1.2],
      ['etf', 0.8],
      ['dcf', 1],
      ['copilot', 0.3],
    ]);
  });

  it('usage per day counts captured charges only: 0.8 + 0.5 captured, 1.0 released → 1.3 today', async () => {
    const u = await insertTestUser(db);
    const ledger = (await import('./tokens-service.ts')).createTokensService(db, { now: () => now });
    const a = await ledger.hold(u.id, 800, 'u-a');
    const b = await ledger.hold(u.id, 500, 'u-b');
    const c = await ledger.hold(u.id, 1000, 'u-c');
    await ledger.capture(u.id, a.id);
    await ledger.capture(u.id, b.id);
    await ledger.release(u.id, c.id);
    const res = await t.json('GET', '/api/tokens/usage?days=30', undefined, { 'x-test-user-id': u.id });
    expect(res.status).toBe(200);
    expect(res.body.days).toHaveLength(30);
    expect(res.body.days.at(-1)).toEqual({ date: '2026-01-31', used: 1.3, count: 2 });
    expect(res.body.total_used).toBe(1.3);
    expect((await t.json('GET', '/api/tokens/usage?days=0', undefined, { 'x-test-user-id': u.id })).status).toBe(400);
  });
});

describe('token costs table', () => {
  it('is served in milli-tokens and tokens alike', async () => {
    const { tokenCosts } = await import('../../../core/tokens/index.ts');
    expect(tokenCosts.find((c) => c.action === 'balance-sheet')?.costMt).toBe(1200);
  });
});

describeEachDatabase('tokens feature jobs and helpers', (kind) => {
  let db: Database;
  beforeAll(async () => {
    db = await createTestDatabase(kind);
  });
  afterAll(async () => db?.close());

  it('start() runs the sweeper and the reset check at once; stop() waits for the tick to finish', async () => {
    let clock = Date.UTC(2026, 0, 10);
    const { createTokensService } = await import('./tokens-service.ts');
    const { createTokensFeature } = await import('./index.ts');
    const { id } = await insertTestUser(db);
    const ledger = createTokensService(db, { now: () => new Date(clock) });
    await ledger.hold(id, 2_000, 'abandoned', { ttlMs: 60_000 });
    clock = Date.UTC(2026, 1, 10, 0, 0, 1); // past the TTL and past the reset date
    const t = await createTestApp(db, { now: () => new Date(clock) });
    const tokens = createTokensFeature(t.ctx);
    await tokens.feature.start?.();
    await tokens.feature.stop?.();
    const a = await ledger.getAccount(id);
    // The hold expired (2 back: 8 + 2 = 10), then the reset set the allocation to 10 for the new period.
    expect(a).toMatchObject({ availableMt: 10_000, heldAllocationMt: 0, nextResetDate: '2026-03-10T00:00:00.000Z' });
    expect((await ledger.listHolds(id))[0]?.status).toBe('expired');
  });

  it('withHold captures on success and releases (then rethrows) on failure', async () => {
    const { createTokensService } = await import('./tokens-service.ts');
    const ledger = createTokensService(db);
    const { id } = await insertTestUser(db);
    const ok = await ledger.withHold(id, { costMt: 1_000, idempotencyKey: 'fundamental-1' }, async (h) => `report for hold ${h.costMt}`);
    expect(ok.result).toBe('report for hold 1000');
    expect(ok.hold.status).toBe('captured');
    await expect(
      ledger.withHold(id, { costMt: 1_200, idempotencyKey: 'balance-sheet-1' }, async () => {
        throw new Error('upstream data missing');
      }),
    ).rejects.toThrow('upstream data missing');
    expect((await ledger.listHolds(id)).map((h) => [h.idempotencyKey, h.status])).toEqual([
      ['balance-sheet-1', 'released'],
      ['fundamental-1', 'captured'],
    ]);
    expect((await ledger.getAccount(id)).availableMt).toBe(9_000); // 10 − 1 (captured); the 1.2 came back
  });

  it('GET /api/tokens/ledger lists balance changes newest first, scoped to the signed-in user', async () => {
    const t = await createTestApp(db, { actAsHeader: true });
    const { createTokensService } = await import('./tokens-service.ts');
    const ledger = createTokensService(db);
    const a = await insertTestUser(db);
    const b = await insertTestUser(db);
    await ledger.creditPurchase(a.id, { amountMt: 20_000, idempotencyKey: 'cs_a', actor: 'payments' });
    await ledger.openAccount(b.id);
    const res = await t.json('GET', '/api/tokens/ledger?limit=5', undefined, { 'x-test-user-id': a.id });
    expect(res.status).toBe(200);
    expect(res.body.entries.map((e: { reason: string; change: number; balance_after: number }) => [e.reason, e.change, e.balance_after])).toEqual([
      ['purchase', 20, 30],
      ['open', 10, 10],
    ]);
    expect((await t.json('GET', '/api/tokens/ledger?limit=500', undefined, { 'x-test-user-id': a.id })).status).toBe(400);
  });
});
