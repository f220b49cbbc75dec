import { describe, expect, it } from 'vitest';
import { parseEnv } from './env.ts';

/** Everything else production needs, so the market vendors are the only thing in question. */
const PRODUCTION = { NODE_ENV: 'production', BASE_URL: 'https://stockpilot.example', AUTH_SECRET: 'x'.repeat(48), SMTP_URL: 'smtp://127.0.0.1:1' };
const VENDORS = { MASSIVE_API_KEY: 'massive-key', SEC_USER_AGENT: 'Stockpilot ops@stockpilot.example' };

describe('config: live market data in production needs both vendor credentials', () => {
  it('MARKET_PROVIDER=live without MASSIVE_API_KEY refuses to start, naming the variable', () => {
    expect(() => parseEnv({ ...PRODUCTION, MARKET_PROVIDER: 'live', SEC_USER_AGENT: VENDORS.SEC_USER_AGENT })).toThrow(
      /MASSIVE_API_KEY: is required in production with MARKET_PROVIDER=live/,
    );
  });

  it('MARKET_PROVIDER=live without SEC_USER_AGENT refuses to start, naming the variable; an empty value counts as missing', () => {
    expect(() => parseEnv({ ...PRODUCTION, MARKET_PROVIDER: 'live', MASSIVE_API_KEY: 'k', SEC_USER_AGENT: '' })).toThrow(
      /SEC_USER_AGENT: is required in production with MARKET_PROVIDER=live/,
    );
  });

  it('both missing: one error names both', () => {
    expect(() => parseEnv({ ...PRODUCTION, MARKET_PROVIDER: 'live' })).toThrow(/MASSIVE_API_KEY[\s\S]*SEC_USER_AGENT/);
  });

  it('with both it starts; the bundled provider and non-production environments need neither', () => {
    expect(parseEnv({ ...PRODUCTION, MARKET_PROVIDER: 'live', ...VENDORS }).MASSIVE_API_KEY).toBe('massive-key');
    expect(parseEnv({ ...PRODUCTION }).MARKET_PROVIDER).toBe('bundled');
    expect(parseEnv({ NODE_ENV: 'development', MARKET_PROVIDER: 'live' }).MARKET_PROVIDER).toBe('live');
  });

  it('base URLs default to the vendors and can point elsewhere (tests, proxies); an empty value is the default', () => {
    const env = parseEnv({ NODE_ENV: 'test', MASSIVE_BASE_URL: '' });
    expect([env.MASSIVE_BASE_URL, env.SEC_DATA_BASE_URL, env.SEC_WWW_BASE_URL]).toEqual([
      'https://api.massive.com',
      'https://data.sec.gov',
      'https://www.sec.gov',
    ]);
    expect(parseEnv({ NODE_ENV: 'test', SEC_DATA_BASE_URL: 'http://127.0.0.1:9999' }).SEC_DATA_BASE_URL).toBe('http://127.0.0.1:9999');
    expect(() => parseEnv({ NODE_ENV: 'test', MASSIVE_BASE_URL: 'not a url' })).toThrow(/MASSIVE_BASE_URL/);
  });
});
