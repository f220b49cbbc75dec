import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { createBundledProvider } from '../../adapters/market-data/bundled/index.ts';
import { createSecEdgarProvider } from '../../adapters/market-data/sec-edgar/index.ts';
import { findAppRoot } from '../../lib/app-root.ts';
import { createLogger } from '../../lib/logger.ts';
import { createMarketService } from './market-service.ts';

const root = findAppRoot();
const appleFacts = readFileSync(join(root, 'server/test/fixtures/sec-edgar/companyfacts-CIK0000320193.json'), 'utf8');

it.each([
  ['truncated JSON (cut mid-document)', appleFacts.slice(0, Math.floor(appleFacts.length / 2))],
  ['valid JSON without the us-gaap facts', '{"cik": 320193, "entityName": "Apple Inc.", "facts": {"dei": {}}}'],
])('%s: the live answer fails, the bundled snapshot answers, and nothing is cached', async (_, body) => {
  const puts: string[] = [];
  const sec = createSecEdgarProvider({
    fetch: async () => new Response(body),
    userAgent: 'Stockpilot tests ops@example.test',
    lookupCik: async () => '0000320193',
    retries: 0,
  });
  const market = createMarketService({
    bundled: createBundledProvider(join(root, 'data')),
    live: [sec],
    cache: { get: async () => null, put: async (kind, key) => void puts.push(`${kind}:${key}`), purge: async () => 0 },
    logger: createLogger('silent'),
  });
  await expect(sec.getFundamentals!('AAPL')).rejects.toThrow();
  const f = await market.getFundamentals('AAPL');
  expect(f).toMatchObject({ served_by: 'bundled', provider: 'bundled' });
  expect(puts).toEqual([]);
});
