import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseEnv } from '../../env.ts';

const PRODUCTION = { NODE_ENV: 'production', AUTH_SECRET: 'x'.repeat(48), SMTP_URL: 'smtp://127.0.0.1:1' };

describe('config: session lifetimes and an https BASE_URL in production', () => {
  it('sessions default to 30 days absolute and 7 days idle; both are set in hours and minutes', () => {
    const env = parseEnv({ NODE_ENV: 'test' });
    expect([env.SESSION_ABSOLUTE_TIMEOUT_HOURS, env.SESSION_IDLE_TIMEOUT_MINUTES]).toEqual([720, 10_080]);
    const set = parseEnv({ NODE_ENV: 'test', SESSION_ABSOLUTE_TIMEOUT_HOURS: '12', SESSION_IDLE_TIMEOUT_MINUTES: '30' });
    expect([set.SESSION_ABSOLUTE_TIMEOUT_HOURS, set.SESSION_IDLE_TIMEOUT_MINUTES]).toEqual([12, 30]);
  });

  it('an idle timeout longer than the absolute one, or out of bounds, names the variable', () => {
    expect(() => parseEnv({ SESSION_ABSOLUTE_TIMEOUT_HOURS: '1', SESSION_IDLE_TIMEOUT_MINUTES: '61' })).toThrow(
      /SESSION_IDLE_TIMEOUT_MINUTES: must not exceed SESSION_ABSOLUTE_TIMEOUT_HOURS/,
    );
    expect(() => parseEnv({ SESSION_IDLE_TIMEOUT_MINUTES: '1' })).toThrow(/SESSION_IDLE_TIMEOUT_MINUTES/);
    expect(() => parseEnv({ SESSION_ABSOLUTE_TIMEOUT_HOURS: '0' })).toThrow(/SESSION_ABSOLUTE_TIMEOUT_HOURS/);
  });

  it('production refuses an http:// or missing BASE_URL unless BEHIND_TLS_PROXY=true; other environments take http', () => {
    expect(() => parseEnv({ ...PRODUCTION, BASE_URL: 'http://stockpilot.example' })).toThrow(
      /BASE_URL: must be https:\/\/ in production.*BEHIND_TLS_PROXY=true/,
    );
    expect(() => parseEnv({ ...PRODUCTION })).toThrow(/BASE_URL: is required in production/);
    expect(parseEnv({ ...PRODUCTION, BASE_URL: 'http://stockpilot.internal', BEHIND_TLS_PROXY: 'true' }).BASE_URL).toBe('http://stockpilot.internal');
    expect(parseEnv({ ...PRODUCTION, BASE_URL: 'https://stockpilot.example' }).BASE_URL).toBe('https://stockpilot.example');
    expect(parseEnv({ NODE_ENV: 'development', BASE_URL: 'http://localhost:3000' }).BASE_URL).toBe('http://localhost:3000');
  });

  // Generous timeout: a start through tsx on a loaded 2-core machine (the config is read before the database opens).
  it('the server process with an http:// BASE_URL in production exits 1 naming BASE_URL, before it listens', { timeout: 120_000 }, async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      cwd: join(import.meta.dirname, '..', '..', '..'),
      env: { ...process.env, ...PRODUCTION, BASE_URL: 'http://stockpilot.example', BEHIND_TLS_PROXY: '', HOST: '127.0.0.1', PORT: '0', DATABASE_URL: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const collect = (d: Buffer) => {
      output += d;
      if (output.includes('Stockpilot listening')) child.kill('SIGTERM');
    };
    child.stdout!.on('data', collect);
    child.stderr!.on('data', collect);
    const code = await new Promise<number | null>((r) => child.once('exit', r));
    expect(code).toBe(1);
    expect(output).toMatch(/Invalid configuration:\n\s+BASE_URL: must be https:\/\//);
    expect(output).not.toContain('Stockpilot listening');
  });
});
