import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Database } from '../../adapters/db/index.ts';
import { seedUserData } from '../../test/account-test-kit.ts';
import { startTestApp, type TestApp } from '../../test/app.ts';
import { describeEachDatabase } from '../../test/db.ts';
import { insertTestUser } from '../../test/users.ts';
import { createLedgerService } from '../tokens/index.ts';

describeEachDatabase('account export', (kind) => {
  let db: Database;
  let t: TestApp;
  const now = new Date('2026-11-29T10:00:00.000Z');
  beforeAll(async () => ({ db, t } = await startTestApp(kind, { actAsHeader: true, now: () => now })));
  afterAll(async () => db?.close());

  it('two users with data in every feature: the file holds each of A’s rows by id and none of B’s', async () => {
    const ledger = createLedgerService(db, { now: () => now });
    const a = await insertTestUser(db, { name: 'Ada Owner' });
    const b = await insertTestUser(db, { name: 'Bob Other' });
    const aRows = await seedUserData(db, ledger, a.id);
    const bRows = await seedUserData(db, ledger, b.id);

    const res = await t.json('GET', '/api/account/export', undefined, { 'x-test-user-id': a.id });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="stockpilot-export-2026-11-29.json"');
    expect(res.headers.get('cache-control')).toBe('no-store');
    const x = res.body;
    expect(x).toMatchObject({ format: 'stockpilot-export', version: 1, user_id: a.id, account: { user: { id: a.id, email: a.email, name: 'Ada Owner' } } });

    const ids = (rows: Array<{ id: string }>) => rows.map((r) => r.id);
    expect(ids(x.analyses)).toEqual([aRows.analysisId]);
    expect(ids(x.analysis_shares)).toEqual([aRows.shareId]);
    expect(ids(x.copilot_conversations)).toEqual([aRows.conversationId]);
    expect(ids(x.copilot_conversations[0].messages)).toEqual(aRows.messageIds);
    expect(ids(x.watchlists)).toEqual([aRows.watchlistId]);
    expect(x.watchlists[0].symbols.map((s: { symbol: string }) => s.symbol)).toEqual(['MSFT']);
    expect(ids(x.watchlist_alerts)).toEqual([aRows.alertId]);
    expect(ids(x.notifications)).toEqual([aRows.notificationId]);
    expect(ids(x.saved_screens)).toEqual([aRows.screenId]);
    expect(ids(x.valuations)).toEqual([aRows.valuationId]);
    expect(ids(x.api_keys)).toEqual([aRows.apiKeyId]);
    expect(ids(x.payments.checkouts)).toEqual([aRows.checkoutId]);
    expect(ids(x.tokens.holds)).toEqual([aRows.holdId]);
    // The ledger: open, hold, capture, purchase — every entry A's, amounts as numbers in milli-tokens.
    expect(x.tokens.ledger.map((e: { reason: string }) => e.reason)).toEqual(['open', 'hold', 'capture', 'purchase']);
    expect(x.tokens.ledger.every((e: { user_id: string }) => e.user_id === a.id)).toBe(true);
    expect(x.tokens.account).toMatchObject({ purchased_mt: 20_000 });

    // Nothing of B's anywhere in the file; no secret either (API key hash, share token hash, password).
    const text = JSON.stringify(x);
    for (const id of [b.id, b.email, bRows.analysisId, bRows.conversationId, bRows.watchlistId, bRows.alertId, bRows.apiKeyId, bRows.checkoutId, bRows.holdId])
      expect(text).not.toContain(id);
    expect(text).not.toContain('key_hash');
    expect(text).not.toContain('token_hash');
    expect(text).not.toContain(`hash-${aRows.apiKeyId}`);
    expect(text).not.toMatch(/"password"/);
  });

  it('signed out: 401 and no file', async () => {
    const res = await t.json('GET', '/api/account/export');
    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe('UNAUTHORIZED');
    expect(res.headers.get('content-disposition')).toBeNull();
  });
});
