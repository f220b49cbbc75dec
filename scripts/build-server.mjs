// Bundles the server (and core) into one ESM file; node_modules stay external (PGlite's wasm, native argon2/sharp).
import { build } from 'esbuild';

await build({
  entryPoints: { main: 'server/main.ts', admin: 'server/cli/admin.ts', migrate: 'server/cli/migrate.ts' },
  outdir: 'dist/server',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: 'linked',
  logLevel: 'warning',
  entryNames: '[name]',
});
console.log('server bundled into dist/server/');
