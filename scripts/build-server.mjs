// Bundles the server, core and the pure-JS dependencies into ESM chunks. Resolving and loading hundreds
// of small files from node_modules is most of a cold start's module time; one bundle loads in a fraction.
// Packages with native code or wasm assets stay external, as do lazily loaded heavy SDKs.
import { copyFileSync, cpSync, mkdirSync, rmSync } from 'node:fs';
import { build } from 'esbuild';

rmSync('dist/server', { recursive: true, force: true });

const external = ['@electric-sql/pglite', 'sharp', '@node-rs/argon2', 'pino', 'pg-native', 'stripe', 'nodemailer', 'oidc-provider'];
// The PDF renderer loads its standard fonts through package `imports` (#standard-fonts/…) that a bundle cannot resolve; it is loaded lazily anyway.
external.push('@react-pdf/renderer');

await build({
  entryPoints: {
    main: 'server/main.ts',
    admin: 'server/cli/admin.ts',
    migrate: 'server/cli/migrate.ts',
    // The track record's backtest runs on worker threads started from this file.
    'track-record-worker': 'server/features/track-record/backtest-worker.ts',
    // A whole stored market's universe (screener rows, sector peers, sector table) is computed in a child process started from this file.
    'universe-worker': 'server/features/market/universe-worker.ts',
    // PDF exports render on worker threads started from this file (pdf-render-pool.ts finds it next to main.js).
    'analysis-export-worker': 'server/features/analysis-export/pdf-worker.ts',
  },
  outdir: 'dist/server',
  bundle: true,
  platform: 'node',
  format: 'esm',
  // The oldest line `engines` accepts (20.19+); the same output runs on 22 and 24.
  target: 'node20',
  external,
  minifySyntax: true,
  minifyWhitespace: true,
  sourcemap: 'linked',
  logLevel: 'warning',
  entryNames: '[name]',
  // Code splitting keeps rarely needed code (better-auth, the Stripe SDK, each database driver) out of the start-up path.
  splitting: true,
  chunkNames: 'chunks/[name]-[hash]',
  // CommonJS dependencies inside an ESM bundle need a real `require`.
  banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
});
// The PGlite thread's entry is plain JS that runs as is, from source in tests and from here in production.
copyFileSync('server/adapters/db/pglite-worker.mjs', 'dist/server/pglite-worker.mjs');
// Files the server reads at run time, at their source paths under dist/ (findServerAsset in server/lib/app-root.ts):
// dist/ plus a production-only install then runs without the sources.
cpSync('server/db/migrations', 'dist/server/db/migrations', { recursive: true });
mkdirSync('dist/server/features/auth', { recursive: true });
copyFileSync('server/features/auth/common-passwords.txt', 'dist/server/features/auth/common-passwords.txt');
// The bundled market snapshot (prices, fundamentals, listings, QUALITY.md): the market feature and the backtest read
// `data/` of a checkout, else this copy (findBundledDataDir in server/adapters/market-data/bundled/data-dir.ts).
rmSync('dist/data', { recursive: true, force: true });
cpSync('data', 'dist/data', { recursive: true });
console.log('server bundled into dist/server/, market snapshot copied to dist/data/');
