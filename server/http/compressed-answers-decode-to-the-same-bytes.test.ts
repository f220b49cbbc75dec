import type { AddressInfo } from 'node:net';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { serve } from '@hono/node-server';
import { afterAll, describe, expect, it } from 'vitest';
import { precompressDir } from '../../scripts/precompress.ts';
import type { Database } from '../adapters/db/index.ts';
import { createApp } from '../app.ts';
import { parseEnv } from '../env.ts';
import { findAppRoot } from '../lib/app-root.ts';
import { createLogger } from '../lib/logger.ts';
import type { Feature } from './feature.ts';
import { COMPRESS_MIN_BYTES, pickEncoding } from './compression.ts';

// 200 rows of ~60 bytes: ~12 KB of JSON, well above the 1 KB floor; the small answer is ~20 bytes.
const rows = Array.from({ length: 200 }, (_, i) => ({ symbol: `SYM${i}`, close_cents: 10_000 + i, note: 'a repeated note' }));
const jsonRoutes: Feature = {
  name: 'test-json',
  routes(app) {
    app.get('/api/test/large', (c) => c.json({ rows }));
    app.get('/api/test/small', (c) => c.json({ ok: true, n: 1 }));
  },
};

const dist = mkdtempSync(join(tmpdir(), 'sp-precompressed-'));
mkdirSync(join(dist, 'assets'));
const indexHtml = `<!doctype html><html><head>${'<link rel="modulepreload" href="/assets/chunk.js">'.repeat(40)}</head><body><div id="root"></div></body></html>`;
const script = `export const table = ${JSON.stringify(rows)};\n`;
writeFileSync(join(dist, 'index.html'), indexHtml);
writeFileSync(join(dist, 'assets', 'index-abc123.js'), script);
writeFileSync(join(dist, 'assets', 'photo-abc123.png'), Buffer.alloc(4096, 7));
writeFileSync(join(dist, 'assets', 'tiny-abc123.js'), 'export{}');
precompressDir(dist);

const env = parseEnv({ NODE_ENV: 'test', BASE_URL: 'http://localhost:3000', WEB_DIST_DIR: dist });
const app = createApp({ env, db: {} as Database, logger: createLogger('silent'), appRoot: findAppRoot(), now: () => new Date() }, [jsonRoutes]);

async function get(path: string, acceptEncoding?: string) {
  const res = await app.request(path, { headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });
  return { res, bytes: Buffer.from(await res.arrayBuffer()) };
}

const decode = (encoding: string | null, bytes: Buffer) => (encoding === 'br' ? brotliDecompressSync(bytes) : encoding === 'gzip' ? gunzipSync(bytes) : bytes);

describe('compression', () => {
  afterAll(() => rmSync(dist, { recursive: true, force: true }));

  it.each([
    ['br', 'gzip, deflate, br'],
    ['gzip', 'gzip, deflate'],
  ])('a ~12 KB JSON answer in %s decodes to the bytes sent without compression, with Vary: Accept-Encoding', async (encoding, accept) => {
    const plain = await get('/api/test/large');
    expect(plain.bytes.length).toBeGreaterThan(COMPRESS_MIN_BYTES * 10);
    expect(plain.res.headers.get('content-encoding')).toBeNull();
    expect(plain.res.headers.get('vary')).toBe('Accept-Encoding');
    const packed = await get('/api/test/large', accept);
    expect(packed.res.headers.get('content-encoding')).toBe(encoding);
    expect(packed.res.headers.get('vary')).toBe('Accept-Encoding');
    expect(packed.res.headers.get('content-type')).toBe('application/json');
    expect(packed.bytes.length).toBeLessThan(plain.bytes.length / 4);
    expect(decode(encoding, packed.bytes).equals(plain.bytes)).toBe(true);
    expect(JSON.parse(plain.bytes.toString('utf8'))).toEqual({ rows });
  });

  it('a JSON answer under 1 KB is sent as it is, without Vary, whatever the client accepts', async () => {
    const { res, bytes } = await get('/api/test/small', 'gzip, deflate, br');
    expect(res.headers.get('content-encoding')).toBeNull();
    expect(res.headers.get('vary')).toBeNull();
    expect(JSON.parse(bytes.toString('utf8'))).toEqual({ ok: true, n: 1 });
    // The error contract's answers are small too.
    expect((await get('/api/nope', 'br')).res.headers.get('content-encoding')).toBeNull();
  });

  it.each([
    ['index.html via a client route', '/fundamental-analysis/AAPL', indexHtml],
    ['a hashed script', '/assets/index-abc123.js', script],
  ])('%s: the build’s .br and .gz copies decode to the file', async (_name, path, original) => {
    for (const [accept, encoding] of [
      ['br', 'br'],
      ['gzip', 'gzip'],
      ['br;q=0, gzip', 'gzip'],
      ['*', 'br'],
    ] as const) {
      const { res, bytes } = await get(path, accept);
      expect(res.headers.get('content-encoding'), accept).toBe(encoding);
      expect(res.headers.get('vary')).toBe('Accept-Encoding');
      expect(decode(encoding, bytes).toString('utf8')).toBe(original);
    }
    const plain = await get(path, 'identity');
    expect(plain.res.headers.get('content-encoding')).toBeNull();
    expect(plain.bytes.toString('utf8')).toBe(original);
  });

  it('images and files under 1 KB have no compressed copy and go out as they are', async () => {
    for (const path of ['/assets/photo-abc123.png', '/assets/tiny-abc123.js']) {
      const { res } = await get(path, 'gzip, deflate, br');
      expect(res.status, path).toBe(200);
      expect(res.headers.get('content-encoding'), path).toBeNull();
      expect(res.headers.get('vary'), path).toBeNull();
    }
  });

  it('through @hono/node-server on a socket, the streamed brotli body decodes to the same JSON', async () => {
    const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
      const s = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s));
    });
    try {
      const { port } = server.address() as AddressInfo;
      // fetch decodes brotli itself: a broken stream or a wrong Content-Encoding fails the parse.
      const res = await fetch(`http://127.0.0.1:${port}/api/test/large`, { headers: { 'accept-encoding': 'br' } });
      expect(res.headers.get('content-encoding')).toBe('br');
      expect(await res.json()).toEqual({ rows });
    } finally {
      await new Promise((r) => server.close(r));
    }
  });
});

describe('pickEncoding', () => {
  it.each([
    [undefined, null],
    ['', null],
    ['identity', null],
    ['gzip, deflate, br', 'br'],
    ['gzip;q=1.0, br;q=0', 'gzip'],
    ['x-gzip', 'gzip'],
    ['*;q=0', null],
    ['br;q=0, *', 'gzip'],
  ] as const)('Accept-Encoding %j → %s', (accept, expected) => {
    expect(pickEncoding(accept)).toBe(expected);
  });

  it('offers only what exists: a file with only a .gz copy answers gzip to a br-first client', () => {
    expect(pickEncoding('br, gzip', { gzip: true })).toBe('gzip');
  });
});
