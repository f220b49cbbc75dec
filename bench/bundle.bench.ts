/** Gzip size of the JavaScript the landing page loads before any lazy chunk (entry + modulepreloads). Budget ≤ 100 KB. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { report } from './support.ts';

const dist = join(import.meta.dirname, '..', 'dist/web');
const html = readFileSync(join(dist, 'index.html'), 'utf8');
const initial = [...html.matchAll(/<(?:script[^>]+src|link[^>]+rel="modulepreload"[^>]+href)="([^"]+\.js)"/g)].map((m) => m[1]!);
let total = 0;
for (const src of initial) {
  const gz = gzipSync(readFileSync(join(dist, src)), { level: 9 }).length;
  total += gz;
  report(`  ${src}`, gz / 1024, 'KB gzip');
}
// The landing route's own lazy chunk is fetched right after; count it separately.
report('landing page initial JavaScript', total / 1024, 'KB gzip', `${initial.length} files; budget ≤ 100`);
report('initial JS / budget', total / 1024 / 100, 'x');
