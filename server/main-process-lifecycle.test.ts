import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..');
const dataDir = mkdtempSync(join(tmpdir(), 'sp-lifecycle-'));

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });

function startServer(port: number) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PGLITE_DIR: dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'info',
      BASE_URL: `http://localhost:${port}`,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
  return { child, exited, output: () => output };
}

async function waitHealthy(port: number, child: ChildProcess) {
  for (let i = 0; i < 1800; i++) {
    if (child.exitCode !== null) throw new Error('server exited');
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('not healthy');
}

describe('the server process on a PGlite data dir', () => {
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  // Generous timeout: two cold starts through tsx on a loaded 2-core CI machine.
  it('locks its data dir, refuses a second process at once, and shuts down cleanly on SIGTERM', { timeout: 240_000 }, async () => {
    const port = await freePort();
    const first = startServer(port);
    await waitHealthy(port, first.child);
    expect(existsSync(join(dataDir, 'stockpilot.lock'))).toBe(true);

    const second = startServer(await freePort());
    const code = await second.exited;
    expect(code).toBe(1);
    expect(second.output()).toContain('is in use by another Stockpilot process');

    // The first one still serves after the refusal.
    expect((await fetch(`http://127.0.0.1:${port}/api/health`)).status).toBe(200);

    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    expect(first.output()).toContain('"msg":"stopped"');
    expect(existsSync(join(dataDir, 'stockpilot.lock'))).toBe(false);
  });
});
