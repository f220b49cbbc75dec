import { existsSync, readFileSync, statSync } from 'node:fs';
import { extname, join, normalize, sep } from 'node:path';
import type { App } from './app-env.ts';
import { pickEncoding, respondText } from './compression.ts';

const types: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.webp': 'image/webp',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
  '.txt': 'text/plain; charset=utf-8',
  '.woff2': 'font/woff2',
  '.map': 'application/json',
};

interface StaticFile {
  body: Uint8Array<ArrayBuffer>;
  type: string;
  /** The build's precompressed copies (`name.br`, `name.gz`; see scripts/precompress.mjs), when it made them. */
  br?: Uint8Array<ArrayBuffer>;
  gzip?: Uint8Array<ArrayBuffer>;
}

const readIfFile = (path: string) => (existsSync(path) && statSync(path).isFile() ? (readFileSync(path) as Uint8Array<ArrayBuffer>) : undefined);

/**
 * Serves the built SPA: hashed files under /assets/ cached for a year, everything else revalidated,
 * and any other GET that is not an API path answered with index.html (client-side routing).
 * Files are read into memory once; the build is immutable while the process runs. A client that accepts
 * brotli or gzip gets the build's precompressed copy: nothing is compressed per request.
 */
export function serveSpa(
  app: App,
  distDir: string,
  isReserved: (path: string) => boolean,
  renderPage?: (path: string, indexHtml: string, hidden: boolean) => Promise<{ status: 200 | 404; html: string }>,
): void {
  const indexPath = join(distDir, 'index.html');
  // Only files that exist are cached: caching misses would let arbitrary URLs grow the map without bound.
  const cache = new Map<string, StaticFile>();
  // index.html as text, decoded once: every page answer renders its head into it.
  let indexText: string | undefined;
  const load = (rel: string) => {
    const hit = cache.get(rel);
    if (hit) return hit;
    const full = normalize(join(distDir, rel));
    if (!full.startsWith(distDir + sep)) return null;
    const body = readIfFile(full);
    if (!body) return null;
    const entry: StaticFile = { body, type: types[extname(full)] ?? 'application/octet-stream', br: readIfFile(`${full}.br`), gzip: readIfFile(`${full}.gz`) };
    cache.set(rel, entry);
    return entry;
  };

  app.get('*', async (c, next) => {
    const path = decodeURIComponent(c.req.path);
    if (isReserved(path)) return next();
    let file = path !== '/' ? load(path.slice(1)) : null;
    let cacheControl = path.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'public, max-age=0, must-revalidate';
    if (!file) {
      if (extname(path) && path.startsWith('/assets/')) return next();
      if (!existsSync(indexPath)) {
        return c.text('The web app is not built yet. Run `npm run build` (or `npm start`, which builds what is missing).', 503);
      }
      file = load('index.html')!;
      cacheControl = 'no-cache';
      // The page's own head and status (page-heads.ts); a page hidden from this client is an unknown path.
      if (renderPage) {
        indexText ??= new TextDecoder().decode(file.body);
        const page = await renderPage(path, indexText, c.get('pageHidden') === true);
        return respondText(c, page.html, page.status, { 'Cache-Control': cacheControl, 'Content-Type': file.type });
      }
    }
    const headers: Record<string, string> = { 'Cache-Control': cacheControl, 'Content-Type': file.type };
    // Without a page renderer, a page hidden from this client still answers 404 (the dev outbox off loopback).
    if (c.get('pageHidden')) c.status(404);
    if (!file.br && !file.gzip) return c.body(file.body, undefined, headers);
    headers.Vary = 'Accept-Encoding';
    const encoding = pickEncoding(c.req.header('accept-encoding'), file);
    if (!encoding) return c.body(file.body, undefined, headers);
    headers['Content-Encoding'] = encoding;
    return c.body(file[encoding]!, undefined, headers);
  });
}
