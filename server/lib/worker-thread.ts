import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/**
 * Where a worker thread starts: from the TypeScript source (tests, `npm run dev`) through the tsx boot — a worker does
 * not inherit the parent's loader — or, in the built server, from the bundled entry `<builtName>.js` that
 * scripts/build-server.mjs writes into dist/server/. `source` is the entry's TypeScript file.
 */
export function locateWorkerEntry(source: URL, builtName: string): { url: URL; workerData: Record<string, unknown> } {
  if (import.meta.url.endsWith('.ts')) return { url: new URL('./worker-thread-boot.mjs', import.meta.url), workerData: { entry: source.href } };
  // Built: this code sits in dist/server/ or dist/server/chunks/, the entries in dist/server/.
  const here = new URL(`./${builtName}.js`, import.meta.url);
  return { url: existsSync(fileURLToPath(here)) ? here : new URL(`../${builtName}.js`, import.meta.url), workerData: {} };
}
