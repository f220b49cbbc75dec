import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer } from 'node:net';

export const report = (name: string, value: number, unit: string, note = '') =>
  console.log(`${name}: ${Number.isInteger(value) ? value : value.toFixed(unit === 'x' ? 2 : 1)} ${unit}${note ? `  (${note})` : ''}`);

export function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}

export function percentile(xs: number[], p: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]!;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

/** Runs a node script and resolves with the milliseconds until it prints `marker` (or exits). */
export function timeUntilOutput(args: string[], marker: string, env: Record<string, string> = {}): Promise<number> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(process.execPath, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
      if (out.includes(marker)) {
        const ms = performance.now() - started;
        child.kill('SIGTERM');
        resolve(ms);
      }
    });
    child.on('exit', (code) => {
      if (!out.includes(marker)) reject(new Error(`exited ${code} before "${marker}": ${out}`));
    });
  });
}

/** Signs up and verifies through the real endpoints and the dev outbox; returns the session Cookie header. */
export async function signUp(base: string): Promise<string> {
  const email = `bench.${Date.now().toString(36)}@example.test`;
  const headers = { origin: base, 'content-type': 'application/json' };
  const res = await fetch(`${base}/api/auth/sign-up/email`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ email, password: 'correct horse battery staple', first_name: 'Bench', last_name: 'Mark' }),
  });
  if (res.status !== 200) throw new Error(`sign-up answered ${res.status}: ${await res.text()}`);
  const outbox = (await (await fetch(`${base}/api/dev/outbox?to=${encodeURIComponent(email)}`)).json()) as { mails: Array<{ links: string[] }> };
  const link = outbox.mails[0]!.links.find((l) => l.includes('verify-email'))!;
  const verified = await fetch(link, { redirect: 'manual' });
  return verified.headers
    .getSetCookie()
    .map((c) => c.split(';')[0]!)
    .filter((p) => !p.endsWith('='))
    .join('; ');
}

export interface BuiltApp {
  base: string;
  child: ChildProcess;
  dir: string;
}

/**
 * The built server (dist/server/main.js of `appDir`) on its own port and PGlite directory, in development
 * mode with the start-up jobs off; resolves once /api/health answers.
 */
export async function startBuiltApp(appDir: string, env: Record<string, string>): Promise<BuiltApp> {
  const serverNodeFlags: string[] = JSON.parse(readFileSync(join(import.meta.dirname, '..', 'scripts/server-node-flags.json'), 'utf8')).flags;
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const dir = mkdtempSync(join(tmpdir(), 'sp-bench-flood-'));
  const child = spawn(process.execPath, [...serverNodeFlags, 'dist/server/main.js'], {
    cwd: appDir,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      BASE_URL: base,
      PGLITE_DIR: dir,
      DATABASE_URL: '',
      NODE_ENV: 'development',
      LOG_LEVEL: 'warn',
      TRACK_RECORD_BACKTEST: 'false',
      SCREENER_WARM_UP: 'false',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  for (const deadline = performance.now() + 120_000; ; ) {
    if (child.exitCode !== null) throw new Error(`the server exited: ${out}`);
    const ok = await fetch(`${base}/api/health`).then(
      (r) => r.status === 200,
      () => false,
    );
    if (ok) break;
    if (performance.now() > deadline) throw new Error(`the server did not answer /api/health: ${out}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  return { base, child, dir };
}

export async function stopBuiltApp(app: BuiltApp) {
  if (app.child.exitCode === null) {
    const exited = new Promise((r) => app.child.once('exit', r));
    app.child.kill('SIGTERM');
    await exited;
  }
  rmSync(app.dir, { recursive: true, force: true });
}
