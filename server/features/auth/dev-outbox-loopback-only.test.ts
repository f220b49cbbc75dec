import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { networkInterfaces, tmpdir } from 'node:os';
import { join } from 'node:path';
import { type ServerType, serve } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../adapters/db/index.ts';
import type { Mailer } from '../../adapters/mail/index.ts';
import { uniqueEmail } from '../../test/auth.ts';
import { createTestApp } from '../../test/app.ts';
import { createTestDatabase, describeOnPglite } from '../../test/db.ts';

/** A built SPA stand-in, so page answers are the real SPA fallback rather than "not built yet". */
const webDir = mkdtempSync(join(tmpdir(), 'sp-outbox-web-'));
const SHELL = '<!doctype html><title>Stockpilot</title><div id="root"></div>';
// Served with each page's own head (server/http/page-heads.ts): the outbox's title only where it opens.
writeFileSync(join(webDir, 'index.html'), SHELL);
afterAll(() => rmSync(webDir, { recursive: true, force: true }));

const LOOPBACK = ['127.0.0.1', '127.42.0.9', '::1', '::ffff:127.0.0.1'];
const ELSEWHERE = ['203.0.113.5', '10.0.0.7', '192.168.1.20', '::ffff:203.0.113.5', '2001:db8::1', '0.0.0.0', '128.0.0.1'];
/** The answer of an API path that has no route, for the same method and path. */
const unknownApiRoute = (method: string, path: string) => ({ error: { code: 'NOT_FOUND', message: `No API route ${method} ${path}.` } });

describeOnPglite('dev outbox: loopback clients only, unless DEV_OUTBOX_PUBLIC=true', (kind) => {
  let db: Database;
  let t: Awaited<ReturnType<typeof createTestApp>>;
  const email = uniqueEmail('outbox');
  beforeAll(async () => {
    db = await createTestDatabase(kind);
    t = await createTestApp(db, { env: { WEB_DIST_DIR: webDir } });
    const { mailer } = t.features.find((f) => f.name === 'auth') as unknown as { mailer: Mailer };
    await mailer.send({
      to: email,
      subject: 'Reset your Stockpilot password',
      text: 'secret link',
      html: '',
      links: ['http://localhost:3000/reset?token=secret'],
    });
  });
  afterAll(async () => db?.close());
  const api = `/api/dev/outbox?to=${encodeURIComponent(email)}`;

  it('from 127.0.0.0/8, ::1 and ::ffff:127.x the API lists the mail and the page is served', async () => {
    for (const ip of LOOPBACK) {
      const res = await t.json('GET', api, undefined, {}, ip);
      expect(res.status, ip).toBe(200);
      expect(
        res.body.mails.map((m: { links: string[] }) => m.links[0]),
        ip,
      ).toEqual(['http://localhost:3000/reset?token=secret']);
      const page = await t.json('GET', '/dev/outbox', undefined, {}, ip);
      expect(page.status, ip).toBe(200);
      expect(page.body, ip).toContain('<div id="root"></div>');
      expect(page.body, ip).toContain('<title>Dev outbox · Stockpilot</title>');
      // The sign-up and reset pages offer the outbox link only to whom it opens.
      expect((await t.json('GET', '/api/auth-config', undefined, {}, ip)).body.outbox_readable, ip).toBe(true);
    }
  });

  it('from anywhere else (or with no socket at all) both are 404, exactly like a path that does not exist', async () => {
    const unknownPage = await t.json('GET', '/no-such-page', undefined, {}, '203.0.113.5');
    for (const ip of ELSEWHERE) {
      const res = await t.json('GET', api, undefined, {}, ip);
      expect([res.status, res.body], ip).toEqual([404, unknownApiRoute('GET', '/api/dev/outbox')]);
      // Not 405 (which would say the path exists) and not 400 for a bad query (which would say it validates).
      const post = await t.json('POST', '/api/dev/outbox', {}, {}, ip);
      expect([post.status, post.body], ip).toEqual([404, unknownApiRoute('POST', '/api/dev/outbox')]);
      const page = await t.json('GET', '/dev/outbox', undefined, {}, ip);
      expect([page.status, page.body], ip).toEqual([404, unknownPage.body]);
      expect((await t.json('GET', '/api/auth-config', undefined, {}, ip)).body, ip).toMatchObject({ mail: 'outbox', outbox_readable: false });
    }
    const noSocket = await t.app.request(api);
    expect(noSocket.status).toBe(404);
    expect(await noSocket.json()).toEqual(unknownApiRoute('GET', '/api/dev/outbox'));
  });

  it('X-Forwarded-For counts only with TRUST_PROXY, and then its last hop is the client', async () => {
    const forged = await t.json('GET', api, undefined, { 'x-forwarded-for': '127.0.0.1' }, '203.0.113.5');
    expect(forged.status).toBe(404);
    const proxied = await createTestApp(db, { env: { WEB_DIST_DIR: webDir, TRUST_PROXY: 'true' } });
    // The proxy (on loopback) appended the real client: a remote one is refused, whatever it prepended.
    expect((await proxied.json('GET', api, undefined, { 'x-forwarded-for': '127.0.0.1, 203.0.113.5' }, '127.0.0.1')).status).toBe(404);
    expect((await proxied.json('GET', api, undefined, { 'x-forwarded-for': '203.0.113.5, 127.0.0.1' }, '127.0.0.1')).status).toBe(200);
    // No header: the socket decides (the e2e suites run with TRUST_PROXY and read the outbox from 127.0.0.1).
    expect((await proxied.json('GET', api, undefined, {}, '127.0.0.1')).status).toBe(200);
  });

  it('DEV_OUTBOX_PUBLIC=true opens both to any address', async () => {
    const open = await createTestApp(db, { env: { WEB_DIST_DIR: webDir, DEV_OUTBOX_PUBLIC: 'true' } });
    for (const ip of ELSEWHERE) {
      expect((await open.json('GET', api, undefined, {}, ip)).body.mails, ip).toHaveLength(1);
      expect((await open.json('GET', '/dev/outbox', undefined, {}, ip)).status, ip).toBe(200);
    }
  });

  describe('over a real listening socket', () => {
    let server: ServerType;
    let port: number;
    beforeAll(async () => {
      server = await new Promise<ServerType>((resolve) => {
        const s = serve({ fetch: t.app.fetch, port: 0, hostname: '0.0.0.0' }, () => resolve(s));
      });
      port = (server.address() as { port: number }).port;
    });
    afterAll(() => new Promise<void>((r) => server.close(() => r())));

    it('a client on 127.0.0.1 reads the outbox', async () => {
      const res = await fetch(`http://127.0.0.1:${port}${api}`);
      expect(res.status).toBe(200);
      expect(((await res.json()) as { mails: unknown[] }).mails).toHaveLength(1);
      expect((await fetch(`http://127.0.0.1:${port}/dev/outbox`)).status).toBe(200);
    });

    // The same machine through its network address is not loopback: the socket, not the Host header, decides.
    const external = Object.values(networkInterfaces())
      .flat()
      .find((i) => i && i.family === 'IPv4' && !i.internal)?.address;
    it.skipIf(!external)(`a client through a non-loopback interface (${external}) gets 404`, async () => {
      const res = await fetch(`http://${external}:${port}${api}`, { headers: { host: `127.0.0.1:${port}` } });
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual(unknownApiRoute('GET', '/api/dev/outbox'));
      expect((await fetch(`http://${external}:${port}/dev/outbox`)).status).toBe(404);
    });
  });
});
