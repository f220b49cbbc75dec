import { afterAll, beforeAll, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Database } from '../../adapters/db/index.ts';
import { createTestDatabase, describeEachDatabase } from '../../test/db.ts';
import { insertTestUser } from '../../test/users.ts';
import { runAdminCommand } from './tokens-admin-store.ts';
import { createTokensService } from './tokens-service.ts';

describeEachDatabase('operator CLI', (kind) => {
  let db: Database;
  beforeAll(async () => {
    db = await createTestDatabase(kind);
  });
  afterAll(async () => db?.close());

  const run = async (...argv: string[]) => {
    const out: string[] = [];
    const err: string[] = [];
    const code = await runAdminCommand(argv, {
      ledger: createTokensService(db),
      db,
      actor: 'operator:alice',
      io: { out: (l) => out.push(l), err: (l) => err.push(l) },
    });
    return { code, out: out.join('\n'), err: err.join('\n') };
  };

  it('grant, revoke and set-tier by e-mail are ledger entries with the operator as actor; show lists them', async () => {
    const { id, email } = await insertTestUser(db);
    expect(await run('grant', email, '12.5', '--reason', 'goodwill for the outage')).toMatchObject({ code: 0 });
    expect(await run('revoke', id, '0.5', '--bucket', 'allocation', '--reason', 'correction')).toMatchObject({ code: 0 });
    expect(await run('set-tier', id, 'Basic')).toMatchObject({ code: 0 });
    // 10 + 12.5 − 0.5 = 22 → Basic replaces the 9.5 allocation with 50: 50 + 12.5 = 62.5
    const show = await run('show', email.toUpperCase());
    expect(show.code).toBe(0);
    expect(show.out).toContain('available 62.500 = allocation 50.000 + purchased 12.500');
    expect(show.out).toContain('goodwill for the outage');
    const rows = await db.query<{ reason: string; actor: string }>(sql`SELECT reason, actor FROM token_ledger WHERE user_id = ${id} ORDER BY id`);
    expect(rows).toEqual([
      { reason: 'open', actor: 'system' },
      { reason: 'operator_grant', actor: 'operator:alice' },
      { reason: 'operator_revoke', actor: 'operator:alice' },
      { reason: 'tier_change', actor: 'operator:alice' },
    ]);
    expect(await run('reconcile', id)).toMatchObject({ code: 0 });
  });

  it('refuses bad input with a message and a non-zero exit, writing nothing', async () => {
    const { id } = await insertTestUser(db);
    await createTokensService(db).openAccount(id);
    const count = async () => (await db.query<{ n: number }>(sql`SELECT COUNT(*)::int AS n FROM token_ledger WHERE user_id = ${id}`))[0]!.n;
    const before = await count();
    expect(await run('grant', id, '5')).toMatchObject({ code: 2, err: '--reason "…" is required.' });
    expect(await run('grant', id, '0.0005', '--reason', 'x')).toMatchObject({ code: 2 });
    expect(await run('grant', id, '-3', '--reason', 'x')).toMatchObject({ code: 2 });
    expect(await run('set-tier', id, 'Gold')).toMatchObject({ code: 2 });
    expect(await run('revoke', id, '11', '--reason', 'x', '--bucket', 'allocation')).toMatchObject({
      code: 1,
      err: expect.stringContaining('INSUFFICIENT_TOKENS'),
    });
    expect(await run('show', 'nobody@example.test')).toMatchObject({ code: 2 });
    expect(await run('frobnicate')).toMatchObject({ code: 2 });
    expect(await count()).toBe(before);
  });

  it('reconcile exits 1 and names the account when a balance was tampered with', async () => {
    const { id } = await insertTestUser(db);
    await createTokensService(db).openAccount(id);
    await db.query(sql`UPDATE user_tokens SET allocation_mt = 1 WHERE user_id = ${id}`);
    const r = await run('reconcile');
    expect(r.code).toBe(1);
    expect(r.out).toContain(`${id} allocation_mt: ledger 10.000 vs cached 0.001`);
  });
});
