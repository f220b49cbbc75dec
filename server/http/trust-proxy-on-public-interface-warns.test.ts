import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseEnv } from '../env.ts';
import { findProxyBypassWarning } from './client-ip.ts';

const warningFor = (vars: Record<string, string>) => findProxyBypassWarning(parseEnv({ LOG_LEVEL: 'silent', ...vars }));

describe('TRUST_PROXY=true with a HOST beyond loopback: clients can forge X-Forwarded-For', () => {
  it('warns for a public or wildcard interface, naming HOST and X-Forwarded-For', () => {
    for (const HOST of ['0.0.0.0', '::', '203.0.113.7', 'app.internal']) {
      const warning = warningFor({ TRUST_PROXY: 'true', HOST });
      expect(warning, HOST).toContain(`HOST=${HOST}`);
      expect(warning, HOST).toContain('X-Forwarded-For');
    }
  });

  it('says nothing on loopback, or without TRUST_PROXY', () => {
    for (const HOST of ['127.0.0.1', '127.8.9.10', '::1', 'localhost']) expect(warningFor({ TRUST_PROXY: 'true', HOST }), HOST).toBeNull();
    expect(warningFor({ HOST: '0.0.0.0' })).toBeNull();
    expect(warningFor({ TRUST_PROXY: 'false', HOST: '0.0.0.0' })).toBeNull();
  });

  describe('the server process', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'sp-proxy-warning-'));
    let child: ChildProcess | undefined;
    afterAll(async () => {
      if (child && child.exitCode === null) {
        const exited = new Promise((r) => child!.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(dataDir, { recursive: true, force: true });
    });

    // Generous timeout: a cold start through tsx (PGlite initdb) on a loaded 2-core machine.
    it('logs the warning at start-up, at warn level, before it listens', { timeout: 180_000 }, async () => {
      child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
        cwd: join(import.meta.dirname, '..', '..'),
        env: {
          ...process.env,
          NODE_ENV: 'development',
          TRUST_PROXY: 'true',
          HOST: '0.0.0.0',
          PORT: '0',
          BASE_URL: 'http://localhost:3000',
          PGLITE_DIR: dataDir,
          DATABASE_URL: '',
          LOG_LEVEL: 'info',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      child.stdout!.on('data', (d) => (output += d));
      child.stderr!.on('data', (d) => (output += d));
      await new Promise<void>((resolve, reject) => {
        const poll = setInterval(() => {
          if (output.includes('Stockpilot listening')) {
            clearInterval(poll);
            resolve();
          } else if (child!.exitCode !== null) {
            clearInterval(poll);
            reject(new Error(`server exited:\n${output}`));
          }
        }, 100);
      });
      const lines = output
        .split('\n')
        .filter((l) => l.startsWith('{'))
        .map((l) => JSON.parse(l) as { level: number; msg: string });
      const warning = lines.findIndex((l) => l.level === 40 && l.msg.includes('TRUST_PROXY=true but HOST=0.0.0.0'));
      expect(warning).toBeGreaterThanOrEqual(0);
      expect(warning).toBeLessThan(lines.findIndex((l) => l.msg.includes('Stockpilot listening')));
    });
  });
});
