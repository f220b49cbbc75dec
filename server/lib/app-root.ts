import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The folder holding package.json, found upward from this module: works from sources (tsx) and from the bundle in dist/. */
export function findAppRoot(from: string = fileURLToPath(import.meta.url)): string {
  let dir = dirname(from);
  while (!existsSync(join(dir, 'package.json'))) {
    const parent = dirname(dir);
    if (parent === dir) throw new Error(`No package.json above ${from}`);
    dir = parent;
  }
  return dir;
}

/**
 * A file the server reads at run time (migrations, the common-password list), by its path in the sources:
 * there in a checkout, else the build's copy under dist/server/ (scripts/build-server.mjs copies them), so
 * `dist/` with a production-only install runs without the sources.
 */
export function findServerAsset(appRoot: string, sourcePath: `server/${string}`): string {
  const source = join(appRoot, sourcePath);
  return existsSync(source) ? source : join(appRoot, 'dist', sourcePath);
}
