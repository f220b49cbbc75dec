import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { spawnAppProcess } from './test/app-process.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'sp-lifecycle-'));

/** server/main.ts on the test's PGlite data dir, on port 0 (it reports the port it got). */
const startServer = () => spawnAppProcess({ env: { PGLITE_DIR: dataDir, DATABASE_URL: '' } });

describe('the server process on a PGlite data dir', () => {
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  // Generous timeout: two cold starts through tsx on a loaded 2-core CI machine.
  it('locks its data dir, refuses a second process at once, and shuts down cleanly on SIGTERM', { timeout: 240_000 }, async () => {
    const first = startServer();
    const port = await first.listening;
    expect(existsSync(join(dataDir, 'stockpilot.lock'))).toBe(true);

    const second = startServer();
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
