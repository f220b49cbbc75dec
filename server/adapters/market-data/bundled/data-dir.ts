import { existsSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The bundled snapshot's directory: `data/` of a checkout, else the build's copy in `dist/data/`
 * (scripts/build-server.mjs copies it), so `dist/` with a production-only install serves market data without the sources.
 */
export function findBundledDataDir(appRoot: string): string {
  const source = join(appRoot, 'data');
  return existsSync(source) ? source : join(appRoot, 'dist', 'data');
}
