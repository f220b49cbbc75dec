import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeOnPglite } from '../../test/db.ts';
import { startCompareTest } from '../../test/compare-test-kit.ts';

describeOnPglite('GET /api/compare refuses bad input with a code, a message and the field', (kind) => {
  let k: Awaited<ReturnType<typeof startCompareTest>>;
  let user: string;
  beforeAll(async () => {
    k = await startCompareTest(kind);
    user = await k.createUser();
  });
  afterAll(async () => {
    // Every refusal left the account as it opened: 10 tokens, no hold taken.
    if (user) expect(await k.accountOf(user)).toEqual({ availableMt: 10_000, holds: 0 });
    await k?.db.close();
  });

  it('an unknown symbol: 404 UNKNOWN_SYMBOL naming it, field symbols', async () => {
    const res = await k.as(user).compare('AAPL,ZZZZZZ');
    expect(res.status).toBe(404);
    expect(res.body.error).toEqual({
      code: 'UNKNOWN_SYMBOL',
      message: 'ZZZZZZ is not a listed symbol we know.',
      field: 'symbols',
      details: { symbol: 'ZZZZZZ' },
    });
  });

  it('six distinct symbols: 400 TOO_MANY_SYMBOLS with the limit (6 > 5), before any is looked up', async () => {
    const res = await k.as(user).compare('AAPL,MSFT,GOOGL,AMZN,NVDA,ZZZZZZ');
    expect(res.status).toBe(400);
    expect(res.body.error).toEqual({
      code: 'TOO_MANY_SYMBOLS',
      message: 'Compare at most 5 symbols at once; the list has 6.',
      field: 'symbols',
      details: { limit: 5, count: 6 },
    });
    // Repeats count once: six entries, five symbols.
    expect((await k.as(user).compare('AAPL,MSFT,GOOGL,AMZN,NVDA,aapl')).status).toBe(200);
  });

  it('no symbols: absent, empty or only commas → 400 VALIDATION_FAILED, field symbols', async () => {
    for (const symbols of [undefined, '', ' , ,']) {
      const res = await k.as(user).compare(symbols);
      expect(res.status).toBe(400);
      expect(res.body.error).toMatchObject({ code: 'VALIDATION_FAILED', field: 'symbols' });
      expect(res.body.error.message).toBe('Name at least one symbol to compare, e.g. symbols=AAPL,MSFT.');
    }
  });

  it('malformed symbols: 400 INVALID_SYMBOL quoting the entry; an overlong list: 400 VALIDATION_FAILED', async () => {
    for (const bad of ['AAPL,AA PL', 'MSFT,<script>', 'AAPL,1;DROP TABLE analyses', 'ABCDEFGHIJKLMN']) {
      const res = await k.as(user).compare(bad);
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('INVALID_SYMBOL');
      expect(res.body.error.field).toBe('symbols');
      expect(res.body.error.message).toContain('is not a valid symbol');
    }
    const long = await k.as(user).compare('A,'.repeat(250));
    expect(long.status).toBe(400);
    expect(long.body.error).toMatchObject({ code: 'VALIDATION_FAILED', field: 'symbols' });
  });
});
