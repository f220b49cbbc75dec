// Bundles the server (and core) into one ESM file; node_modules stay external (PGlite's wasm, native argon2/sharp).
import { rmSync } from 'node:fs';
import { build } from 'esbuild';

rmSync('dist/server', { recursive: true, force: true });

await build({
  entryPoints: { main: 'server/main.ts', admin: 'server/cli/admin.ts', migrate: 'server/cli/migrate.ts' },
  outdir: 'dist/server',
  metafile: false,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: 'linked',
  logLevel: 'warning',
  entryNames: '[name]',
  // Code splitting lets main.ts import the app while PGlite opens (see server/main.ts).
  splitting: true,
  chunkNames: 'chunks/[name]-[hash]',
});
console.log('server bundled into dist/server/');
