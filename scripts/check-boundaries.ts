/**
 * Architecture lint (DESIGN §3), run by `npm run lint`:
 * - core/ is pure: only relative imports inside core/, no process/fetch/DOM/timers-of-the-world. One
 *   exception, by name: core/text/csv.ts reads CSV with Papa Parse (pure: a string in, arrays out, no I/O),
 *   so the server, the scripts and the browser share one maintained parser (issue 27).
 * - web features never import other web features; server adapters never import features.
 * - server features use other features only through their index.ts.
 * - only server/env.ts reads process.env in app code.
 * - web/src reaches into server/ only with `import type` / `export type` from a route contract
 *   (`server/features/<feature>/*.routes.ts`): the response types are shared, server code never ships.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';

export interface SourceFile {
  path: string; // relative to the repo root, forward slashes
  text: string;
}

const importRe = /(?:import|export)\s+(?:type\s+)?(?:[^'"]*?\sfrom\s+)?['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;
/** The packages a core/ file may import: pure code, no I/O, no Node APIs, chosen one by one. */
const PURE_PACKAGES_IN_CORE: Record<string, readonly string[]> = { 'core/text/csv.ts': ['papaparse'] };
const impureInCore = /\b(process\.|fetch\(|document\.|window\.|localStorage|sessionStorage|XMLHttpRequest|require\()/;

const webImportRe = /(?:import|export)\s+(type\s+)?(?:[^'"]*?\sfrom\s+)?['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;
const isRouteContract = (p: string) => /^server\/features\/[^/]+\/[^/]+\.routes\.ts$/.test(p);

/** Imports from web/src into server/ other than a type-only one from a route contract. */
function findWebServerImports(f: SourceFile): string[] {
  const v: string[] = [];
  for (const m of f.text.matchAll(webImportRe)) {
    const spec = (m[2] ?? m[3])!;
    // `?raw` imports are text assets (the common-password list), not server code.
    if (!spec.startsWith('.') || spec.endsWith('?raw')) continue;
    const target = resolveRel(f.path, spec);
    if (!target.startsWith('server/')) continue;
    if (!isRouteContract(target)) v.push(`${f.path}: web may import from server/ only the route contracts (*.routes.ts), not "${spec}"`);
    else if (!m[1]) v.push(`${f.path}: web must import route contracts with \`import type\` (no server code in the bundle): "${spec}"`);
  }
  return v;
}

function importsOf(text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(importRe)) out.push((m[1] ?? m[2])!);
  return out;
}

const resolveRel = (from: string, spec: string) => normalize(join(dirname(from), spec)).replaceAll('\\', '/');
const featureOf = (p: string, base: string) => (p.startsWith(base) ? p.slice(base.length).split('/')[0] : undefined);

export function findViolations(files: SourceFile[]): string[] {
  const v: string[] = [];
  for (const f of files) {
    const specs = importsOf(f.text);
    // Tests of core/ may import the test runner; they are not part of what core ships.
    if (f.path.startsWith('core/') && !/\.test\.tsx?$/.test(f.path)) {
      for (const s of specs) {
        if (PURE_PACKAGES_IN_CORE[f.path]?.includes(s)) continue;
        if (!s.startsWith('.')) v.push(`${f.path}: core/ must not import "${s}" (core is pure, no packages or Node APIs)`);
        else if (!resolveRel(f.path, s).startsWith('core/')) v.push(`${f.path}: core/ must not import outside core ("${s}")`);
      }
      const code = f.text.replace(/\/\/.*$|\/\*[\s\S]*?\*\//gm, '');
      const m = code.match(impureInCore);
      if (m) v.push(`${f.path}: core/ must not do I/O ("${m[1]}")`);
    }
    if (f.path.startsWith('web/src/')) v.push(...findWebServerImports(f));
    const webFeature = featureOf(f.path, 'web/src/features/');
    if (webFeature) {
      for (const s of specs.filter((s) => s.startsWith('.'))) {
        const other = featureOf(resolveRel(f.path, s), 'web/src/features/');
        if (other && other !== webFeature) v.push(`${f.path}: web feature "${webFeature}" must not import feature "${other}" (compose in web/src/app)`);
      }
    }
    if (f.path.startsWith('server/adapters/')) {
      for (const s of specs.filter((s) => s.startsWith('.'))) {
        if (resolveRel(f.path, s).startsWith('server/features/')) v.push(`${f.path}: adapters must not import features ("${s}")`);
      }
    }
    const serverFeature = featureOf(f.path, 'server/features/');
    if (serverFeature && f.path !== 'server/features/index.ts') {
      for (const s of specs.filter((s) => s.startsWith('.'))) {
        const target = resolveRel(f.path, s);
        const other = featureOf(target, 'server/features/');
        if (other && other !== serverFeature && other !== 'index.ts' && !/^server\/features\/[^/]+\/index(\.ts)?$/.test(target)) {
          v.push(`${f.path}: server feature "${serverFeature}" may use "${other}" only through its index.ts ("${s}")`);
        }
      }
    }
    const appCode = /^(server|web\/src|core)\//.test(f.path) && !f.path.startsWith('server/test/') && !f.path.endsWith('.test.ts');
    if (appCode && f.path !== 'server/env.ts' && /process\.env\b/.test(f.text)) v.push(`${f.path}: only server/env.ts reads process.env`);
  }
  return v;
}

function walk(dir: string, out: string[] = []): string[] {
  for (const e of readdirSync(dir)) {
    if (e === 'node_modules' || e === 'dist' || e.startsWith('.')) continue;
    const p = join(dir, e);
    if (statSync(p).isDirectory()) walk(p, out);
    else if (/\.(ts|tsx)$/.test(e)) out.push(p);
  }
  return out;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const root = process.cwd();
  const files = ['core', 'server', 'web/src']
    .flatMap((d) => walk(join(root, d)))
    .map((p) => ({ path: relative(root, p).replaceAll('\\', '/'), text: readFileSync(p, 'utf8') }));
  const violations = findViolations(files);
  for (const line of violations) console.error(line);
  console.log(violations.length ? `boundaries: ${violations.length} violation(s)` : `boundaries: ok (${files.length} files)`);
  process.exit(violations.length ? 1 : 0);
}
