// Writes `name.br` and `name.gz` beside every compressible file of a built directory, at the highest
// levels (the server serves them as they are, so a request never runs zlib for a static file).
// Used by the Vite build (vite.config.ts) and by tests that build a small dist of their own.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { extname, join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const compressible = new Set(['.js', '.mjs', '.css', '.html', '.svg', '.json', '.txt', '.map', '.xml', '.webmanifest', '.ico']);
/** Same floor as the server's per-response compression (server/http/compression.ts). */
const MIN_BYTES = 1024;

function* walk(dir: string): Generator<string> {
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) yield* walk(p);
    else if (compressible.has(extname(e.name))) yield p;
  }
}

/** Returns how many files got compressed copies; a copy is kept only when it is smaller than the file. */
export function precompressDir(dir: string, minBytes = MIN_BYTES): number {
  let files = 0;
  for (const path of walk(dir)) {
    if (statSync(path).size < minBytes) continue;
    const raw = readFileSync(path);
    const br = brotliCompressSync(raw, {
      params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length },
    });
    const gz = gzipSync(raw, { level: 9 });
    if (br.length < raw.length) writeFileSync(`${path}.br`, br);
    if (gz.length < raw.length) writeFileSync(`${path}.gz`, gz);
    files++;
  }
  return files;
}
