/**
 * Architecture lint (DESIGN §3), run by `npm run lint`:
 * - core/ is pure: only relative imports inside core/, no process/fetch/DOM/timers-of-the-world. One
 *   exception, by name: core/text/csv.ts reads CSV with Papa Parse (pure: a string in, arrays out, no I/O),
 *   so the server, the scripts and the browser share one maintained parser (issue 27).
 * - web features never import other web features; server adapters never import features.
 * - server features use other features only through their index.ts.
 * - only server/env.ts reads process.env in app code.
 * - web/src reaches into server/ only with `import type` / `export type` from a route contract
 *   (`server/features/<feature>/*.routes.ts`) or the error codes (`server/lib/errors.ts`): the response
 *   types and codes are shared, server code never ships.
 * - every server feature has one anatomy (ARCHITECTURE.md, "Feature anatomy"): see `findAnatomyViolations`.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';

interface SourceFile {
  path: string; // relative to the repo root, forward slashes
  text: string;
}

const importRe = /(?:import|export)\s+(?:type\s+)?(?:[^'"]*?\sfrom\s+)?['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;
/** The packages a core/ file may import: pure code, no I/O, no Node APIs, chosen one by one. */
const PURE_PACKAGES_IN_CORE: Record<string, readonly string[]> = { 'core/text/csv.ts': ['papaparse'] };
const impureInCore = /\b(process\.|fetch\(|document\.|window\.|localStorage|sessionStorage|XMLHttpRequest|require\()/;

const webImportRe = /(?:import|export)\s+(type\s+)?(?:[^'"]*?\sfrom\s+)?['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;
/** The contracts the web reads types from: each feature's routes, and the error codes every route answers with. */
const ERROR_CONTRACT = 'server/lib/errors.ts';
const isRouteContract = (p: string) => /^server\/features\/[^/]+\/[^/]+\.routes\.ts$/.test(p) || p === ERROR_CONTRACT;

/** Imports from web/src into server/ other than a type-only one from a route contract. */
function findWebServerImports(f: SourceFile): string[] {
  const v: string[] = [];
  for (const m of f.text.matchAll(webImportRe)) {
    const spec = (m[2] ?? m[3])!;
    // `?raw` imports are text assets (the common-password list), not server code.
    if (!spec.startsWith('.') || spec.endsWith('?raw')) continue;
    const target = resolveRel(f.path, spec);
    if (!target.startsWith('server/')) continue;
    if (!isRouteContract(target)) v.push(`${f.path}: web may import from server/ only the route contracts (*.routes.ts) and ${ERROR_CONTRACT}, not "${spec}"`);
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

/**
 * Features not yet moved onto the anatomy. The list only shrinks: a feature leaves it when it passes, and a
 * feature on it still gets every other check.
 */
// biome-ignore format: one feature per line, so branches that each take one off merge without conflicts
const ANATOMY_PENDING: readonly string[] = [
];

/** Test kits and the scripts tests run as child processes, by their names. */
const isTestSupport = (p: string) => /test-kit|-in-child-process\.ts$|-then-hangs\.ts$/.test(p);
/** Test support still beside production code (moves once the suite's set-up is reshaped); only shrinks. */
const TEST_SUPPORT_PENDING: readonly string[] = [];

const toPascal = (name: string) => name.replace(/(^|-)([a-z])/g, (_, _dash, c: string) => c.toUpperCase());
const isTest = (p: string) => /\.test\.tsx?$/.test(p);
const stripComments = (text: string) => text.replace(/\/\*[\s\S]*?\*\/|(^|[^:])\/\/.*$/gm, '$1');
/**
 * Statements that reach the database: drizzle's sql tag or a client's query/execute. Hono's `c.req.query()`
 * reads the URL's query string, not the database (the billing sandbox's pages read `?notice=` with it).
 */
const sqlRe = /\bsql`|\bsql\.raw\(|(?<!\breq)\.query\(|\.execute\(/;

/**
 * The feature anatomy (ARCHITECTURE.md). For a feature folder `x`:
 * - `index.ts` only wires: imports, types and one `createXFeature`; no SQL, no other functions.
 * - `x.routes.ts` is the contract; `x.handlers.ts` exports `createXHandlers`; `x-service.ts` exports
 *   `createXService` and `type XService`; handlers reach no SQL and no store.
 * - SQL lives only in `*-store.ts` files (`x-store.ts`, or `x-<part>-store.ts` where one store would be large).
 * - scheduled work lives in `x-jobs.ts` on the shared helper (`server/lib/jobs.ts`): no timers elsewhere.
 * Everywhere: test kits live in `server/test/` or `core/test-kit/`, never beside production code.
 */
export function findAnatomyViolations(files: SourceFile[], pending: readonly string[] = ANATOMY_PENDING): string[] {
  const v: string[] = [];
  for (const f of files) {
    if (isTestSupport(f.path) && !f.path.startsWith('server/test/') && !f.path.startsWith('core/test-kit/') && !TEST_SUPPORT_PENDING.includes(f.path))
      v.push(`${f.path}: test kits and child-process scripts of tests live in server/test/ or core/test-kit/, not beside production code`);
  }
  const byFeature = new Map<string, SourceFile[]>();
  for (const f of files) {
    const m = /^server\/features\/([^/]+)\/(.+)$/.exec(f.path);
    if (!m || isTest(f.path) || isTestSupport(f.path)) continue;
    const list = byFeature.get(m[1]!) ?? [];
    list.push(f);
    byFeature.set(m[1]!, list);
  }
  for (const [x, list] of byFeature) {
    if (pending.includes(x)) continue;
    const X = toPascal(x);
    const at = (name: string) => list.find((f) => f.path === `server/features/${x}/${name}`);
    const index = at('index.ts');
    if (!index) v.push(`server/features/${x}: a feature has an index.ts that wires it`);
    else {
      const code = stripComments(index.text);
      if (!new RegExp(`export (async )?function create${X}Feature\\b`).test(code)) v.push(`${index.path}: index.ts exports create${X}Feature`);
      for (const m of code.matchAll(/^(?:export )?(?:async )?function (\w+)/gm))
        if (m[1] !== `create${X}Feature`) v.push(`${index.path}: index.ts only wires; move function ${m[1]} to the service, store or jobs`);
      if (sqlRe.test(code)) v.push(`${index.path}: index.ts only wires; SQL belongs in ${x}-store.ts`);
    }
    const routes = at(`${x}.routes.ts`);
    const handlers = at(`${x}.handlers.ts`);
    const service = at(`${x}-service.ts`);
    if (routes && !handlers) v.push(`server/features/${x}: routes without ${x}.handlers.ts`);
    if (handlers && !new RegExp(`export function create${X}Handlers\\b`).test(handlers.text))
      v.push(`${handlers.path}: exports createXHandlers(service) as create${X}Handlers`);
    if (handlers && !service) v.push(`server/features/${x}: handlers without ${x}-service.ts`);
    if (service) {
      if (!new RegExp(`export function create${X}Service\\b`).test(service.text)) v.push(`${service.path}: exports create${X}Service(deps)`);
      if (!new RegExp(`export type ${X}Service\\b`).test(service.text)) v.push(`${service.path}: exports type ${X}Service`);
    }
    for (const f of list) {
      const name = f.path.slice(`server/features/${x}/`.length);
      const code = stripComments(f.text);
      if (sqlRe.test(code) && !/-store\.ts$/.test(name)) v.push(`${f.path}: SQL lives only in *-store.ts files`);
      if (/\.handlers\.ts$/.test(name) && /from '\.\/[^']*-store\.ts'/.test(code) && !/import type/.test(code.match(/.*-store\.ts'.*/)?.[0] ?? ''))
        v.push(`${f.path}: handlers call the service, never the store`);
      // A timeout bounding one piece of work is not a job; a repeating timer or a start-up timer in index.ts is.
      if (/\bsetInterval\(/.test(code)) v.push(`${f.path}: scheduled work lives in ${x}-jobs.ts on createIntervalJob (server/lib/jobs.ts), not its own timer`);
      if (name === 'index.ts' && /\bsetTimeout\(/.test(code)) v.push(`${f.path}: index.ts only wires; start-up work lives in ${x}-jobs.ts`);
      if (/-jobs\.ts$/.test(name) && name !== `${x}-jobs.ts`) v.push(`${f.path}: the feature's jobs are ${x}-jobs.ts`);
      if (/\.(routes|handlers)\.ts$/.test(name) && !name.startsWith(`${x}.`))
        v.push(`${f.path}: the contract and handlers are named ${x}.routes.ts / ${x}.handlers.ts`);
      if (/[-.]service\.ts$/.test(name) && name !== `${x}-service.ts`) v.push(`${f.path}: the service is ${x}-service.ts (one per feature)`);
    }
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
  const violations = [...findViolations(files), ...findAnatomyViolations(files)];
  for (const line of violations) console.error(line);
  console.log(violations.length ? `boundaries: ${violations.length} violation(s)` : `boundaries: ok (${files.length} files)`);
  process.exit(violations.length ? 1 : 0);
}
