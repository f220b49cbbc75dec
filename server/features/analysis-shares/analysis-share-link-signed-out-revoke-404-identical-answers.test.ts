import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type AnalysisOwnersTest, startAnalysisOwnersTest } from '../../test/analysis-owners.ts';
import { describeOnPglite } from '../../test/db.ts';

const tokenOf = (url: string) => url.slice(url.lastIndexOf('/s/') + 3);

describeOnPglite('analysis share links', (kind) => {
  let k: AnalysisOwnersTest;
  let owner: string;
  let other: string;
  // biome-ignore lint/suspicious/noExplicitAny: the API's analysis body, read field by field
  let analysis: any;
  beforeAll(async () => {
    k = await startAnalysisOwnersTest(kind);
    owner = await k.createUser('Ada Lovelace');
    other = await k.createUser('Someone Else');
    analysis = await k.runAnalysis(owner, { symbol: 'AAPL', kind: 'technical' });
  });
  afterAll(async () => k?.db.close());

  it('a link opens the analysis signed out: the owner view minus cost_tokens, name hidden by default, noindex and no-store', async () => {
    const created = await k.json(owner, 'POST', `/api/analyses/${analysis.id}/shares`, {});
    expect(created.status).toBe(201);
    const token = tokenOf(created.body.url);
    expect(created.body.url).toBe(`${k.t.ctx.env.BASE_URL}/s/${token}`);
    // 18 random bytes = 144 bits = 24 base64url characters; the list shows only the first 6.
    expect(token).toMatch(/^[A-Za-z0-9_-]{24}$/);
    expect(created.body.token_prefix).toBe(token.slice(0, 6));
    expect(created.body).toMatchObject({ show_owner_name: false, view_count: 0, analysis: { id: analysis.id, symbol: 'AAPL', kind: 'technical' } });

    const shared = await k.json(null, 'GET', `/api/shared/${token}`);
    expect(shared.status).toBe(200);
    const { cost_tokens: _cost, ...ownerView } = (await k.json(owner, 'GET', `/api/analyses/${analysis.id}`)).body;
    expect(shared.body).toEqual({ ...ownerView, owner_name: null });
    expect(shared.body).not.toHaveProperty('cost_tokens');
    expect(shared.headers.get('x-robots-tag')).toBe('noindex, nofollow');
    expect(shared.headers.get('cache-control')).toBe('no-store');

    // Only the SHA-256 of the token is stored, never the token.
    const [row] = await k.db.query<{ token_hash: string; token_prefix: string }>(
      sql`SELECT token_hash, token_prefix FROM analysis_shares WHERE id = ${created.body.id}`,
    );
    expect(row!.token_hash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(token);

    const list = await k.json(owner, 'GET', '/api/shares');
    expect(list.body.shares.map((s: { id: string }) => s.id)).toContain(created.body.id);
    expect(list.body.shares.find((s: { id: string }) => s.id === created.body.id)).toMatchObject({ view_count: 1, last_viewed_at: expect.any(String) });
    expect(list.body.shares[0]).not.toHaveProperty('url');
  });

  it('"Show my name" ticked: owner_name is the account name ("Ada Lovelace"); another link of the same analysis still hides it', async () => {
    const named = await k.json(owner, 'POST', `/api/analyses/${analysis.id}/shares`, { show_owner_name: true });
    const hidden = await k.json(owner, 'POST', `/api/analyses/${analysis.id}/shares`, {});
    expect((await k.json(null, 'GET', `/api/shared/${tokenOf(named.body.url)}`)).body.owner_name).toBe('Ada Lovelace');
    expect((await k.json(null, 'GET', `/api/shared/${tokenOf(hidden.body.url)}`)).body.owner_name).toBeNull();
  });

  it("another user can neither share, list nor revoke the owner's links: 404, and the link keeps working", async () => {
    const created = await k.json(owner, 'POST', `/api/analyses/${analysis.id}/shares`, {});
    const byOther = await k.json(other, 'POST', `/api/analyses/${analysis.id}/shares`, {});
    expect(byOther.status).toBe(404);
    expect(byOther.body.error.code).toBe('NOT_FOUND');
    expect((await k.json(other, 'GET', '/api/shares')).body.shares).toEqual([]);
    expect((await k.json(other, 'DELETE', `/api/shares/${created.body.id}`)).status).toBe(404);
    expect((await k.json(null, 'GET', `/api/shared/${tokenOf(created.body.url)}`)).status).toBe(200);
    expect((await k.json(null, 'POST', `/api/analyses/${analysis.id}/shares`, {})).status).toBe(401);
  });

  it('revoked at once: the next read is 404, identical (status, body, headers) to unknown and malformed tokens', async () => {
    const created = await k.json(owner, 'POST', `/api/analyses/${analysis.id}/shares`, {});
    const token = tokenOf(created.body.url);
    expect((await k.json(null, 'GET', `/api/shared/${token}`)).status).toBe(200);
    expect((await k.json(owner, 'DELETE', `/api/shares/${created.body.id}`)).status).toBe(204);
    expect((await k.json(owner, 'DELETE', `/api/shares/${created.body.id}`)).status).toBe(404);

    const answers = await Promise.all(
      [token, 'AAAAAAAAAAAAAAAAAAAAAAAA', 'x', `${token}x`, 'a'.repeat(500), '..%2F..', 'not a token'].map((t) => k.json(null, 'GET', `/api/shared/${t}`)),
    );
    const shape = (r: { status: number; body: unknown; headers: Headers }) => ({
      status: r.status,
      body: r.body,
      type: r.headers.get('content-type'),
      robots: r.headers.get('x-robots-tag'),
      cache: r.headers.get('cache-control'),
    });
    expect(shape(answers[0]!)).toEqual({
      status: 404,
      body: { error: { code: 'NOT_FOUND', message: 'This shared analysis does not exist or its link was revoked.' } },
      type: 'application/json',
      robots: 'noindex, nofollow',
      cache: 'no-store',
    });
    for (const a of answers) expect(shape(a)).toEqual(shape(answers[0]!));
    // A NUL can never be in a token: the app-wide edge refuses it in any URL (issue 26), which tells nothing about real tokens.
    const nul = await k.json(null, 'GET', '/api/shared/%00');
    expect(nul.status).toBe(400);
    expect(nul.body.error).toMatchObject({ code: 'BAD_REQUEST', field: 'token' });
    expect((await k.json(owner, 'GET', '/api/shares')).body.shares.map((s: { id: string }) => s.id)).not.toContain(created.body.id);
  });

  it('at most 10 live links per analysis: the 11th is 409 CONFLICT and stores nothing; revoking one makes room', async () => {
    const fresh = await k.runAnalysis(owner, { symbol: 'MSFT', kind: 'technical' });
    const ids: string[] = [];
    for (let i = 0; i < 10; i++) ids.push((await k.json(owner, 'POST', `/api/analyses/${fresh.id}/shares`, {})).body.id);
    const eleventh = await k.json(owner, 'POST', `/api/analyses/${fresh.id}/shares`, {});
    expect(eleventh.status).toBe(409);
    expect(eleventh.body.error.code).toBe('CONFLICT');
    expect((await k.json(owner, 'GET', `/api/shares?analysis_id=${fresh.id}`)).body.shares).toHaveLength(10);
    await k.json(owner, 'DELETE', `/api/shares/${ids[0]}`);
    expect((await k.json(owner, 'POST', `/api/analyses/${fresh.id}/shares`, {})).status).toBe(201);
  });

  it('bad input stores nothing: show_owner_name "yes" or an unknown field is 400 naming the field; no body means the defaults', async () => {
    const before = (await k.json(owner, 'GET', '/api/shares')).body.shares.length;
    const wrongType = await k.json(owner, 'POST', `/api/analyses/${analysis.id}/shares`, { show_owner_name: 'yes' });
    expect(wrongType.status).toBe(400);
    expect(wrongType.body.error).toMatchObject({ code: 'VALIDATION_FAILED', field: 'show_owner_name' });
    const unknown = await k.json(owner, 'POST', `/api/analyses/${analysis.id}/shares`, { show_owner: true });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.field).toBe('show_owner');
    expect((await k.json(owner, 'GET', '/api/shares')).body.shares).toHaveLength(before);
    const bare = await k.request(owner, 'POST', `/api/analyses/${analysis.id}/shares`);
    expect(bare.status).toBe(201);
    expect(JSON.parse(new TextDecoder().decode(bare.bytes)).show_owner_name).toBe(false);
    expect((await k.json(owner, 'GET', '/api/shares?analysis_id=nope')).body.error.field).toBe('analysis_id');
  });

  it('the /s/:token page is served with X-Robots-Tag: noindex, whatever the token', async () => {
    for (const t of ['AAAAAAAAAAAAAAAAAAAAAAAA', 'x']) {
      const page = await k.t.app.request(`/s/${t}`);
      expect(page.headers.get('x-robots-tag')).toBe('noindex, nofollow');
    }
  });
});
