/** Gzip size of the JavaScript the landing page loads before any lazy chunk (entry + modulepreloads). Budget ≤ 100 KB. */
import { readdirSync, readFileSync } from 'node:fs';
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

// /api-docs: Scalar (a Vue app) must stay out of the initial JavaScript, in chunks only that route loads.
const assets = readdirSync(join(dist, 'assets'));
const gzipKb = (file: string) => gzipSync(readFileSync(join(dist, 'assets', file)), { level: 9 }).length / 1024;
const scalarMarker = /@scalar\/api-reference|scalar-app/;
const scalarInInitial = initial.filter((src) => scalarMarker.test(readFileSync(join(dist, src), 'utf8')));
report('Scalar in the initial JavaScript', scalarInInitial.length, 'files', scalarInInitial.join(', ') || 'none: loaded lazily by /api-docs');
/** A chunk and every chunk it imports statically: what the browser fetches before it can run. */
function collectStaticImports(file: string, seen = new Set<string>()): Set<string> {
  if (seen.has(file)) return seen;
  seen.add(file);
  const code = readFileSync(join(dist, 'assets', file), 'utf8');
  for (const m of code.matchAll(/(?:^|[;\s}])import\s*(?:[\w${},\s*]+from\s*)?"\.\/([^"]+\.js)"/g)) collectStaticImports(m[1]!, seen);
  return seen;
}
const routeChunk = assets.find((f) => /^api-docs-[\w-]+\.js$/.test(f))!;
const scalarChunk = assets.find((f) => /^scalar-reference-[\w-]+\.js$/.test(f))!;
const scalarCss = assets.filter((f) => /^scalar-reference-[\w-]+\.css$/.test(f));
const loadedBefore = new Set([...collectStaticImports(routeChunk), ...initial.map((src) => src.replace('/assets/', ''))]);
const scalarFiles = [...collectStaticImports(scalarChunk)].filter((f) => !loadedBefore.has(f));
report('/api-docs route chunk (shell, quick start, key field)', gzipKb(routeChunk), 'KB gzip', routeChunk);
report(
  '/api-docs Scalar, lazy (chunk + its static imports)',
  scalarFiles.reduce((kb, f) => kb + gzipKb(f), 0),
  'KB gzip',
  `${scalarFiles.length} files; more loads on demand (API client, search)`,
);
report(
  '/api-docs Scalar CSS, lazy',
  scalarCss.reduce((kb, f) => kb + gzipKb(f), 0),
  'KB gzip',
);
