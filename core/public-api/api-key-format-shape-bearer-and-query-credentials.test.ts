import { describe, expect, it } from 'vitest';
import { findCredentialInQuery, isWellFormedApiKey, readBearerToken, toDisplayPrefix } from './api-key-format.ts';

const key = `sp_live_${'A'.repeat(43)}`;

describe('API key shape', () => {
  it('sp_live_ + 43 base64url characters is well formed; 42 or 44 characters, another prefix or a stray character are not', () => {
    expect(isWellFormedApiKey(key)).toBe(true);
    expect(isWellFormedApiKey(`sp_live_${'a-_9'.repeat(10)}xyz`)).toBe(true); // 40 + 3 = 43
    expect(isWellFormedApiKey(key.slice(0, -1))).toBe(false);
    expect(isWellFormedApiKey(`${key}A`)).toBe(false);
    expect(isWellFormedApiKey(key.replace('sp_live_', 'sp_test_'))).toBe(false);
    expect(isWellFormedApiKey(`${key.slice(0, -1)}=`)).toBe(false);
  });

  it('the display prefix keeps sp_live_ and 4 characters of the secret (12 in all)', () => {
    expect(toDisplayPrefix(`sp_live_ab12${'x'.repeat(39)}`)).toBe('sp_live_ab12');
  });

  it('reads the key of a Bearer header (any case of the scheme), nothing of Basic or an empty Bearer', () => {
    expect(readBearerToken(`Bearer ${key}`)).toBe(key);
    expect(readBearerToken(`bearer ${key}`)).toBe(key);
    expect(readBearerToken(`Basic ${key}`)).toBeNull();
    expect(readBearerToken('Bearer ')).toBeNull();
    expect(readBearerToken(undefined)).toBeNull();
  });
});

describe('credentials in the query string', () => {
  it('names like api_key, key, token, access_token are credentials whatever their value', () => {
    for (const name of ['api_key', 'apiKey', 'api-key', 'key', 'token', 'access_token', 'X-Api-Key', 'authorization']) {
      expect(findCredentialInQuery({ range: '1y', [name]: 'anything' })).toBe(name);
    }
  });

  it('a Stockpilot key under any name is one too; ordinary parameters are not', () => {
    expect(findCredentialInQuery({ q: key })).toBe('q');
    expect(findCredentialInQuery({ range: '1y', as_of: '2024-12-31', limit: '20', cursor: 'abc' })).toBeNull();
    expect(findCredentialInQuery({ keyword: 'x', monkey: 'y' })).toBeNull();
  });
});
