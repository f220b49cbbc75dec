/**
 * Sign-in timing for an existing account and an unknown address (issue 26, item 3: "same answer and timing
 * whether the account exists or not"). The built server on PGlite; 30 verified accounts, each tried once
 * with a wrong password (so the per-account throttle never slows them), interleaved with 30 unknown
 * addresses. Each attempt comes from its own client address (TRUST_PROXY), so the per-address limits stay
 * out of it. Reports both medians and the gap; the answers must be the same status and code.
 * Standalone: `npx tsx bench/sign-in-timing.bench.ts` (bundles the server first).
 */
import { spawnSync } from 'node:child_process';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { median, report, startBuiltApp, stopBuiltApp } from './support.ts';

const root = join(import.meta.dirname, '..');
const N = 30;
if (spawnSync(process.execPath, ['scripts/build-server.mjs'], { cwd: root, stdio: 'inherit' }).status !== 0) process.exit(1);

const app = await startBuiltApp(root, { TRUST_PROXY: 'true' });
const headers = (i: number) => ({ origin: app.base, 'content-type': 'application/json', 'x-forwarded-for': `198.51.100.${(i % 250) + 1}` });
try {
  const emails: string[] = [];
  for (let i = 0; i < N; i++) {
    const email = `timing.${i}.${Date.now().toString(36)}@example.test`;
    const res = await fetch(`${app.base}/api/auth/sign-up/email`, {
      method: 'POST',
      headers: headers(i),
      body: JSON.stringify({ email, password: 'correct horse battery staple', first_name: 'Tim', last_name: 'Ing' }),
    });
    if (res.status !== 200) throw new Error(`sign-up answered ${res.status}: ${await res.text()}`);
    emails.push(email);
  }
  const attempt = async (email: string, i: number) => {
    const t = performance.now();
    const res = await fetch(`${app.base}/api/auth/sign-in/email`, {
      method: 'POST',
      headers: headers(100 + i),
      body: JSON.stringify({ email, password: 'a wrong password entirely' }),
    });
    const body = (await res.json()) as { error?: { code?: string } };
    return { ms: performance.now() - t, answer: `${res.status} ${body.error?.code ?? ''}` };
  };
  // Warm-up: the first hash of a process pays for its allocation.
  await attempt(`warm.${Date.now()}@example.test`, 99);
  const known: number[] = [];
  const unknown: number[] = [];
  const answers = new Set<string>();
  for (let i = 0; i < N; i++) {
    const a = await attempt(emails[i]!, i);
    const b = await attempt(`nobody.${i}.${Date.now().toString(36)}@example.test`, i);
    known.push(a.ms);
    unknown.push(b.ms);
    answers.add(`known: ${a.answer}`);
    answers.add(`unknown: ${b.answer}`);
  }
  const k = median(known);
  const u = median(unknown);
  report('wrong password, existing account (median of 30)', k, 'ms', `load average ${loadavg()[0]!.toFixed(2)}`);
  report('wrong password, unknown address (median of 30)', u, 'ms');
  report('gap (existing − unknown)', k - u, 'ms', `${((Math.abs(k - u) / Math.max(k, u)) * 100).toFixed(1)} % of the slower`);
  console.log(`answers: ${[...answers].join('; ')}`);
} finally {
  await stopBuiltApp(app);
}
