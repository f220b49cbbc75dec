// `npm test`: typecheck, lint and the build side by side; then the unit + integration tests (PGlite, and
// PostgreSQL when TEST_DATABASE_URL is set); then the browser tests in Debian's Chromium against the built app.
// `npm test -- unit e2e` runs a subset. Ends with one "N passed, N failed" line.
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import { ensureChromium, ensurePdftotext } from './ensure-chromium.mjs';

const only = process.argv.slice(2);
const want = (step) => only.length === 0 || only.includes(step);
let passed = 0;
let failed = 0;
let skipped = 0;
const failures = [];
// Named at the very end of the output, where a CI log's tail shows them.
const failedTests = [];

/**
 * Runs steps side by side and resolves with each one's outcome. A step with `stream` prints its output as it
 * comes, each line prefixed with its name (the long suites: a CI log shows progress, and a hang shows where);
 * the others print theirs whole when they end (short steps, read as one block).
 */
async function runTogether(steps) {
  const results = await Promise.all(
    steps.map(
      ({ name, cmd, args, stream }) =>
        new Promise((resolve) => {
          const started = Date.now();
          if (stream) console.log(`\n▶ ${name} (started)`);
          const child = spawn(cmd, args, { env: process.env });
          let out = '';
          let pending = '';
          const onData = (d) => {
            if (!stream) {
              out += d;
              return;
            }
            const lines = (pending + d).split('\n');
            pending = lines.pop();
            for (const line of lines) process.stdout.write(`[${name}] ${line}\n`);
          };
          child.stdout.on('data', onData);
          child.stderr.on('data', onData);
          child.on('close', (code) => {
            if (pending) process.stdout.write(`[${name}] ${pending}\n`);
            resolve({ name, ok: code === 0, out, s: (Date.now() - started) / 1000, stream });
          });
        }),
    ),
  );
  for (const r of results) {
    if (!r.stream) {
      console.log(`\n▶ ${r.name}`);
      process.stdout.write(r.out);
    }
    console.log(`${r.ok ? '✔' : '✘'} ${r.name} (${r.s.toFixed(1)} s)`);
    if (!r.ok) failures.push(r.name);
  }
  return results;
}

function countVitest(file) {
  try {
    const report = JSON.parse(readFileSync(file, 'utf8'));
    passed += report.numPassedTests ?? 0;
    failed += report.numFailedTests ?? 0;
    skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
    if ((report.numTotalTests ?? 0) === 0) failures.push(`${file}: no tests ran`);
    for (const suite of report.testResults ?? []) {
      for (const t of suite.assertionResults ?? []) {
        if (t.status === 'failed')
          failedTests.push(`${suite.name.replace(`${process.cwd()}/`, '')} > ${t.fullName}: ${(t.failureMessages?.[0] ?? '').split('\n')[0]}`);
      }
      if (suite.status === 'failed' && !(suite.assertionResults ?? []).some((t) => t.status === 'failed'))
        failedTests.push(`${suite.name}: ${suite.message ?? 'failed'}`);
    }
  } catch {
    failures.push(`${file}: no report`);
  }
}

/** The slowest test files of a vitest JSON report, so a file creeping towards a minute shows in the CI log. */
function printSlowestFiles(file, count = 5) {
  try {
    const report = JSON.parse(readFileSync(file, 'utf8'));
    const files = (report.testResults ?? []).map((r) => ({ name: r.name.replace(`${process.cwd()}/`, ''), s: (r.endTime - r.startTime) / 1000 }));
    files.sort((a, b) => b.s - a.s);
    console.log(
      `Slowest test files: ${files
        .slice(0, count)
        .map((f) => `${f.name} ${f.s.toFixed(1)} s`)
        .join(', ')}`,
    );
  } catch {}
}

/** Playwright's JSON report: expected = passed, unexpected = failed, flaky counted as passed and named. */
function countPlaywright(file) {
  try {
    const report = JSON.parse(readFileSync(file, 'utf8'));
    const stats = report.stats ?? {};
    passed += (stats.expected ?? 0) + (stats.flaky ?? 0);
    failed += stats.unexpected ?? 0;
    skipped += stats.skipped ?? 0;
    if ((stats.expected ?? 0) + (stats.unexpected ?? 0) + (stats.flaky ?? 0) === 0) failures.push(`${file}: no tests ran`);
    for (const e of report.errors ?? []) failedTests.push(`${file}: ${(e.message ?? '').split('\n')[0]}`);
    const visit = (suite, titles) => {
      for (const spec of suite.specs ?? []) {
        for (const t of spec.tests ?? []) {
          if (t.status !== 'unexpected' && t.status !== 'flaky') continue;
          const error = t.results?.find((r) => r.error)?.error?.message ?? '';
          failedTests.push(`${spec.file} > ${[...titles, spec.title].join(' > ')}${t.status === 'flaky' ? ' (flaky)' : ''}: ${error.split('\n')[0]}`);
        }
      }
      for (const child of suite.suites ?? []) visit(child, child.title && !child.title.endsWith('.ts') ? [...titles, child.title] : titles);
    };
    for (const suite of report.suites ?? []) visit(suite, []);
  } catch {
    failures.push(`${file}: no report`);
  }
}

mkdirSync('test-results', { recursive: true });
console.log(
  process.env.TEST_DATABASE_URL
    ? `Database tests run on PGlite AND PostgreSQL (${process.env.TEST_DATABASE_URL.replace(/\/\/[^@]*@/, '//')}).`
    : 'TEST_DATABASE_URL is not set: database tests run on PGlite only. Set it to also run them on PostgreSQL.',
);

// Typecheck, lint, the data check and the build each keep about one core busy for 10–20 s: side by side they take the time of
// the longest. The unit and browser suites each fill both cores on their own: run side by side on this 2-core
// machine they took longer than one after the other (measured in docs/testing.md), so they run in turn.
if (want('unit')) ensurePdftotext();
if (want('e2e')) ensureChromium();
const [built] = await Promise.all([
  want('e2e') ? runTogether([{ name: 'build', cmd: 'npm', args: ['run', '--silent', 'build'] }]).then(([r]) => r.ok) : false,
  runTogether(
    [
      want('typecheck') && { name: 'typecheck', cmd: 'npx', args: ['tsc', '--noEmit', '-p', 'tsconfig.json'] },
      want('lint') && { name: 'lint', cmd: 'npm', args: ['run', '--silent', 'lint'] },
      // The bundled snapshot in data/ is what data:prepare makes from data/inputs/, byte for byte (~30 s on one core).
      want('data') && { name: 'data-check', cmd: 'npm', args: ['run', '--silent', 'data:check'] },
    ].filter(Boolean),
  ),
]);
if (want('unit'))
  await runTogether([
    { name: 'unit', cmd: 'npx', args: ['vitest', 'run', '--reporter=default', '--reporter=json', '--outputFile=test-results/unit.json'], stream: true },
  ]);
// playwright.config.ts reports to the terminal and to test-results/e2e.json.
if (built) await runTogether([{ name: 'e2e', cmd: 'npx', args: ['playwright', 'test'], stream: true }]);
if (want('unit')) {
  countVitest('test-results/unit.json');
  printSlowestFiles('test-results/unit.json');
}
if (built) countPlaywright('test-results/e2e.json');

console.log('');
for (const t of failedTests) console.log(`✘ ${t}`);
if (failures.length) console.log(`Failed steps: ${failures.join(', ')}`);
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failures.length || failed ? 1 : 0);
