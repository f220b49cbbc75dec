/**
 * What a production install does, in a temporary directory: `dist/`, package.json and package-lock.json, then
 * `npm ci --omit=dev`, then `node dist/server/main.js` under NODE_ENV=production — no sources, no dev dependencies.
 * The Dockerfile's runtime stage takes the same steps (docs/deployment.md); with no container engine on the
 * machines this runs on, this test is how those steps are checked. One install and one server, timed.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startSmtpInbox } from '../server/test/smtp-inbox.ts';

const root = join(import.meta.dirname, '..');
// The Origin the test sends must equal BASE_URL; the port is only known once the server listens on port 0.
const baseUrl = 'http://127.0.0.1';
const timings: Record<string, number> = {};
const timed = async <T>(name: string, work: () => Promise<T> | T): Promise<T> => {
  const started = performance.now();
  try {
    return await work();
  } finally {
    timings[name] = Math.round(performance.now() - started);
  }
};

/** Runs a command to its end; rejects with its output when it fails. */
function run(cmd: string, args: string[], options: { cwd: string; env?: NodeJS.ProcessEnv }): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { cwd: options.cwd, env: options.env ?? process.env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve(out) : reject(new Error(`${cmd} ${args.join(' ')} exited ${code}:\n${out}`))));
  });
}

let dir: string;
let server: ChildProcess | undefined;
let exited: Promise<number | null>;
let output = '';
let url: string;
let smtp: Awaited<ReturnType<typeof startSmtpInbox>> | undefined;

beforeAll(async () => {
  // Production refuses the dev outbox: mail goes over SMTP, here to a server in this process.
  smtp = await startSmtpInbox();

  // `npm test` builds before the unit tests; run alone, this builds when dist/ is missing or stale (as npm start and the benches decide).
  await timed('build check', () => run(process.execPath, ['scripts/start.mjs'], { cwd: root, env: { ...process.env, STOCKPILOT_BUILD_ONLY: '1' } }));
  dir = mkdtempSync(join(tmpdir(), 'sp-production-install-'));
  await timed('copy', () => {
    cpSync(join(root, 'dist'), join(dir, 'dist'), { recursive: true });
    for (const f of ['package.json', 'package-lock.json']) cpSync(join(root, f), join(dir, f));
  });
  // NODE_ENV=test (vitest's) would not omit anything by itself, but keep the install's environment the operator's.
  const { NODE_ENV: _, ...installEnv } = process.env;
  await timed('npm ci --omit=dev', () => run('npm', ['ci', '--omit=dev', '--no-audit', '--no-fund'], { cwd: dir, env: installEnv }));

  const { flags } = JSON.parse(readFileSync(join(root, 'scripts/server-node-flags.json'), 'utf8')) as { flags: string[] };
  const started = performance.now();
  // Only what an operator sets: no inherited NODE_ENV=test, DATABASE_URL or test switches.
  server = spawn(process.execPath, [...flags, 'dist/server/main.js'], {
    cwd: dir,
    env: {
      PATH: process.env.PATH,
      HOME: dir,
      NODE_ENV: 'production',
      PORT: '0',
      HOST: '127.0.0.1',
      BASE_URL: baseUrl,
      // Production wants an https BASE_URL; a TLS proxy in front is the documented way to serve it over http here.
      BEHIND_TLS_PROXY: 'true',
      AUTH_SECRET: randomBytes(32).toString('hex'),
      SMTP_URL: smtp.url,
      PAYMENTS: 'sandbox',
      PGLITE_DIR: join(dir, 'pglite'),
      // An operator's switch too: the test never reaches the US Treasury over the network.
      RISK_FREE_INGEST: 'false',
      LOG_LEVEL: 'info',
      // The five-year backtest and the screener's warm-up are minutes of CPU on a shared CI machine and not what this test checks.
      TRACK_RECORD_BACKTEST: 'false',
      SCREENER_WARM_UP: 'false',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  exited = new Promise((resolve) => server!.once('exit', (code) => resolve(code)));
  server.stderr!.on('data', (d) => (output += d));
  const port = await new Promise<number>((resolve, reject) => {
    server!.stdout!.on('data', (d) => {
      output += d;
      for (const line of output.split('\n')) {
        if (!line.includes('Stockpilot listening on')) continue;
        const reported = (JSON.parse(line) as { port?: unknown }).port;
        if (typeof reported === 'number' && reported > 0) resolve(reported);
      }
    });
    void exited.then((code) => reject(new Error(`dist/server/main.js exited (${code}) before listening:\n${output}`)));
  });
  timings.listening = Math.round(performance.now() - started);
  url = `http://127.0.0.1:${port}`;
  for (const deadline = performance.now() + 60_000; ; ) {
    const res = await fetch(`${url}/api/health/ready`).catch(() => null);
    if (res?.status === 200) break;
    if (performance.now() > deadline) throw new Error(`/api/health/ready is not 200 after 60 s: ${res ? await res.text() : 'no answer'}\n${output}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  timings.ready = Math.round(performance.now() - started);
}, 300_000);

afterAll(async () => {
  if (server && server.exitCode === null && server.signalCode === null) {
    server.kill('SIGTERM');
    await exited;
  }
  await smtp?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
  console.log(`production install (ms): ${JSON.stringify(timings)}`);
});

it('installs with production dependencies only', () => {
  expect(existsSync(join(dir, 'node_modules/hono'))).toBe(true);
  // Dev-only tools are not there to lean on. (npm keeps the dev dependencies that satisfy a production dependency's
  // optional peer — vitest, react-dom and vue's typescript for better-auth, vite and tsx for vitest — so those are
  // present even with --omit=dev, and --omit=peer does not drop them: docs/deployment.md.)
  for (const dev of ['@biomejs/biome', '@playwright/test', '@redocly/cli', 'autocannon', 'oidc-provider']) {
    expect(existsSync(join(dir, 'node_modules', dev)), dev).toBe(false);
  }
});

it('signs up and verifies by e-mail, runs an analysis, exports its PDF, and stops cleanly on SIGTERM', async () => {
  const started = performance.now();
  const email = `install.${Date.now().toString(36)}@example.test`;
  const json = { origin: baseUrl, 'content-type': 'application/json' };
  const signUp = await fetch(`${url}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ email, password: 'correct horse battery staple', first_name: 'Ops', last_name: 'Install' }),
  });
  expect(signUp.status, await signUp.clone().text()).toBe(200);
  for (let i = 0; i < 200 && !smtp?.mails.some((m) => m.to.includes(email)); i++) await new Promise((r) => setTimeout(r, 25));
  const mail = smtp?.mails.find((m) => m.to.includes(email));
  const link = mail?.text.match(/https?:\/\/[^\s"'<>]*verify-email[^\s"'<>]*/)?.[0];
  expect(link, mail?.text.slice(0, 2000)).toBeDefined();
  // Links are built on BASE_URL (no port): follow them to the port this server listens on.
  const verified = await fetch(link!.replace(baseUrl, url), { redirect: 'manual' });
  const cookie = verified.headers
    .getSetCookie()
    .map((c) => c.split(';')[0]!)
    .filter((p) => !p.endsWith('='))
    .join('; ');
  expect(cookie).toMatch(/session_token=/);

  const analysis = await fetch(`${url}/api/analyses`, {
    method: 'POST',
    headers: { ...json, cookie },
    body: JSON.stringify({ symbol: 'AAPL', kind: 'technical' }),
  });
  expect(analysis.status, await analysis.clone().text()).toBe(201);
  const { id } = (await analysis.json()) as { id: string };

  const pdf = await fetch(`${url}/api/analyses/${id}/export.pdf`, { headers: { cookie } });
  expect(pdf.status, await pdf.clone().text()).toBe(200);
  expect(pdf.headers.get('content-type')).toMatch(/^application\/pdf/);
  const bytes = Buffer.from(await pdf.arrayBuffer());
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  timings.scenario = Math.round(performance.now() - started);

  server!.kill('SIGTERM');
  expect(await exited, output).toBe(0);
});
