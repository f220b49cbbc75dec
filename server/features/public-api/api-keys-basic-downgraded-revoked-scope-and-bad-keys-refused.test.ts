import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { MAX_API_KEYS_PER_USER } from '../../../core/public-api/limits.ts';
import { describeEachDatabase } from '../../test/db.ts';
import { PRO_BALANCE_MT, type PublicApiTest, startPublicApiTest } from '../../test/public-api-test-kit.ts';

describeEachDatabase('API keys refused: plan, revocation, scope, shape, place', (kind) => {
  let k: PublicApiTest;
  const logLines: string[] = [];
  beforeAll(async () => {
    // Everything the app logs, at every level: a key must never appear in it.
    const logger = pino({ level: 'trace' }, { write: (s: string) => void logLines.push(s) });
    k = await startPublicApiTest(kind, { logger });
  });
  afterAll(async () => k?.db.close());

  it('a Basic user cannot create a key: 403 PLAN_REQUIRED naming Pro, nothing stored; the list says can_create false', async () => {
    const basic = await k.createUser('Basic');
    const res = await k.session(basic).create({ name: 'mine', scopes: ['read'] });
    expect([res.status, res.body.error.code]).toEqual([403, 'PLAN_REQUIRED']);
    expect(res.body.error.message).toMatch(/Pro plan; you are on Basic/);
    const list = await k.session(basic).list();
    expect([list.body.keys, list.body.can_create]).toEqual([[], false]);
  });

  it('a key whose owner leaves Pro answers 403 PLAN_REQUIRED on the very next request, and works again back on Pro', async () => {
    const user = await k.createUser('Pro');
    const api = k.withKey((await k.createKey(user)).secret);
    expect((await api.get('/balance')).status).toBe(200);
    await k.ledger.changeTier(user, 'Basic', { actor: 'operator:test', immediate: true });
    const refused = await api.get('/quotes/AAPL');
    expect([refused.status, refused.body.error.code]).toEqual([403, 'PLAN_REQUIRED']);
    expect(refused.body.error.message).toMatch(/owner is on Basic/);
    const run = await api.post('/analyses', { symbol: 'AAPL', kind: 'technical' });
    expect(run.status).toBe(403);
    await k.ledger.changeTier(user, 'Pro', { actor: 'operator:test' });
    expect((await api.get('/quotes/AAPL')).status).toBe(200);
  });

  it('a revoked key is 401 at once, with the same code and message as an unknown or a malformed key; revoking twice or another’s key is 404', async () => {
    const user = await k.createUser('Pro');
    const { secret, id } = await k.createKey(user);
    expect((await k.withKey(secret).get('/balance')).status).toBe(200);
    expect((await k.session(await k.createUser('Pro')).revoke(id)).status).toBe(404);
    expect((await k.session(user).revoke(id)).status).toBe(204);
    expect((await k.session(user).revoke(id)).status).toBe(404);

    const revoked = await k.withKey(secret).get('/balance');
    const unknown = await k.withKey(`sp_live_${'Z'.repeat(43)}`).get('/balance');
    const malformed = await k.withKey('sp_live_short').get('/balance');
    const basicScheme = await k.v1(`Basic ${secret}`).get('/balance');
    for (const r of [revoked, unknown, malformed, basicScheme]) {
      expect([r.status, r.body.error.code]).toEqual([401, 'INVALID_API_KEY']);
      expect(r.body.error.message).toBe(revoked.body.error.message);
      expect(r.headers.get('www-authenticate')).toContain('Bearer');
    }
    const missing = await k.v1(null).get('/balance');
    expect([missing.status, missing.body.error.code]).toEqual([401, 'UNAUTHORIZED']);
    expect((await k.session(user).list()).body.keys).toEqual([]);
  });

  it('a read-only key cannot run analyses: 403 INSUFFICIENT_SCOPE naming `analyses`, nothing charged', async () => {
    const user = await k.createUser('Pro');
    const api = k.withKey((await k.createKey(user, ['read'])).secret);
    const res = await api.post('/analyses', { symbol: 'AAPL', kind: 'technical' });
    expect([res.status, res.body.error.code]).toEqual([403, 'INSUFFICIENT_SCOPE']);
    expect(res.body.error.message).toContain('`analyses`');
    expect(await k.balanceMt(user)).toBe(PRO_BALANCE_MT);
    const runOnly = k.withKey((await k.createKey(user, ['analyses'])).secret);
    expect((await runOnly.get('/quotes/AAPL')).body.error.code).toBe('INSUFFICIENT_SCOPE');
  });

  it('a key in the query string (api_key, key, token, or any value holding sp_live_) is 400 API_KEY_IN_QUERY, never served, never logged', async () => {
    const user = await k.createUser('Pro');
    const { secret } = await k.createKey(user);
    for (const query of [`api_key=${secret}`, `key=${secret}`, `token=${secret}`, `range=1m&q=${secret}`, `access_token=${secret}`]) {
      const withHeader = await k.withKey(secret).get(`/history/AAPL?${query}`);
      expect([withHeader.status, withHeader.body.error.code]).toEqual([400, 'API_KEY_IN_QUERY']);
      expect(withHeader.headers.get('ratelimit-limit')).toBeNull();
      const alone = await k.v1(null).get(`/quotes/AAPL?${query}`);
      expect(alone.status).toBe(400);
    }
    // Any request logging added later writes here too: the secret part of the key must not be in it.
    expect(logLines.join('\n')).not.toContain(secret.slice(8));
  });

  it('the key is shown once: the list and the database hold only its prefix and an HMAC, never the secret', async () => {
    const user = await k.createUser('Pro');
    const created = await k.session(user).create({ name: '  Nightly report  ', scopes: ['analyses', 'read'] });
    expect(created.status).toBe(201);
    expect(created.headers.get('cache-control')).toBe('no-store');
    const { secret, key } = created.body;
    expect(secret).toMatch(/^sp_live_[A-Za-z0-9_-]{43}$/);
    expect([key.name, key.prefix, key.scopes, key.last_used_at]).toEqual(['Nightly report', secret.slice(0, 12), ['read', 'analyses'], null]);
    const listed = await k.session(user).list();
    expect(JSON.stringify(listed.body)).not.toContain(secret.slice(12));
    const rows = await k.db.query<Record<string, unknown>>(sql`SELECT * FROM api_keys WHERE user_id = ${user}`);
    expect(JSON.stringify(rows)).not.toContain(secret.slice(12));
    expect(String(rows[0]!.key_hash)).toHaveLength(43); // 32 bytes of HMAC-SHA-256 in base64url
  });

  it('bad input creates nothing: no scopes, an unknown scope, an unknown field, an empty name → 400 naming the field; an 11th key → 409', async () => {
    const user = await k.createUser('Pro');
    const cases: Array<[unknown, string]> = [
      [{ name: 'a', scopes: [] }, 'scopes'],
      [{ name: 'a', scopes: ['write'] }, 'scopes.0'],
      [{ name: 'a', scopes: ['read'], expires: 'never' }, 'expires'],
      [{ name: '   ', scopes: ['read'] }, 'name'],
    ];
    for (const [body, field] of cases) {
      const res = await k.session(user).create(body);
      expect([res.status, res.body.error.code, res.body.error.field]).toEqual([400, 'VALIDATION_FAILED', field]);
    }
    expect((await k.session(user).list()).body.keys).toEqual([]);
    for (let i = 0; i < MAX_API_KEYS_PER_USER; i++) await k.createKey(user, ['read']);
    const eleventh = await k.session(user).create({ name: 'one more', scopes: ['read'] });
    expect([eleventh.status, eleventh.body.error.code]).toEqual([409, 'CONFLICT']);
    // Revoked keys do not count: revoke one, create one.
    const [first] = (await k.session(user).list()).body.keys;
    await k.session(user).revoke(first.id);
    expect((await k.session(user).create({ name: 'replacement', scopes: ['read'] })).status).toBe(201);
  });
});
