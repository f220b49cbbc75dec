import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const isSource = import.meta.url.endsWith('.ts');

/** A bundled entry `<builtName>.js`, which scripts/build-server.mjs writes into dist/server/. */
function locateBuiltEntry(builtName: string): URL {
  // Built: this code sits in dist/server/ or dist/server/chunks/, the entries in dist/server/.
  const here = new URL(`./${builtName}.js`, import.meta.url);
  return existsSync(fileURLToPath(here)) ? here : new URL(`../${builtName}.js`, import.meta.url);
}

/**
 * Where a worker thread starts: from the TypeScript source (tests, `npm run dev`) through the tsx boot — a worker does
 * not inherit the parent's loader — or, in the built server, from the bundled entry. `source` is the entry's file.
 */
export function locateWorkerEntry(source: URL, builtName: string): { url: URL; workerData: Record<string, unknown> } {
  if (isSource) return { url: new URL('./worker-thread-boot.mjs', import.meta.url), workerData: { entry: source.href } };
  return { url: locateBuiltEntry(builtName), workerData: {} };
}

/** Where a child process starts (`fork`): the TypeScript source with tsx's loader, or the bundled entry. */
export function locateChildProcessEntry(source: URL, builtName: string): { path: string; execArgv: string[] } {
  if (isSource) return { path: fileURLToPath(source), execArgv: ['--import', 'tsx'] };
  return { path: fileURLToPath(locateBuiltEntry(builtName)), execArgv: [] };
}
