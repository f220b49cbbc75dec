import { existsSync, readFileSync, statSync } from 'node:fs';
import { extname, join, normalize, sep } from 'node:path';
import type { App } from './app-env.ts';

const types: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.webp': 'image/webp',
  '.json': 'application/json',
  '.txt': 'text/plain; charset=utf-8',
  '.woff2': 'font/woff2',
  '.map': 'application/json',
};

/**
 * Serves the built SPA: hashed files under /assets/ cached for a year, everything else revalidated,
 * and any other GET that is not an API path answered with index.html (client-side routing).
 * Files are read into memory once; the build is immutable while the process runs.
 */
export function serveSpa(app: App, distDir: string, isReserved: (path: string) => boolean): void {
  const indexPath = join(distDir, 'index.html');
  // Only files that exist are cached: caching misses would let arbitrary URLs grow the map without bound.
  const cache = new Map<string, { body: Uint8Array; type: string }>();
  const load = (rel: string) => {
    const hit = cache.get(rel);
    if (hit) return hit;
    const full = normalize(join(distDir, rel));
    if (!full.startsWith(distDir + sep) || !existsSync(full) || !statSync(full).isFile()) return null;
    const entry = { body: readFileSync(full), type: types[extname(full)] ?? 'application/octet-stream' };
    cache.set(rel, entry);
    return entry;
  };

  app.get('*', (c, next) => {
    const path = decodeURIComponent(c.req.path);
    if (isReserved(path)) return next();
    const file = path !== '/' ? load(path.slice(1)) : null;
    if (file) {
      const immutable = path.startsWith('/assets/');
      c.header('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=0, must-revalidate');
      c.header('Content-Type', file.type);
      return c.body(file.body as Uint8Array<ArrayBuffer>);
    }
    if (extname(path) && path.startsWith('/assets/')) return next();
    if (!existsSync(indexPath)) {
      return c.text('The web app is not built yet. Run `npm run build` (or `npm start`, which builds what is missing).', 503);
    }
    const index = load('index.html')!;
    c.header('Cache-Control', 'no-cache');
    return c.html(new TextDecoder().decode(index.body));
  });
}
