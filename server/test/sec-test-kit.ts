import { createSecEdgarClient as createClient, type SecEdgarClient } from '../adapters/market-data/index.ts';
import { MAPPED_SEC_CONCEPTS } from '../adapters/market-data/sec-edgar/client.ts';

/** The us-gaap concepts the store keeps (a test counts a fixture's facts with it). */
export const MAPPED_SEC_CONCEPTS_FOR_TESTS = MAPPED_SEC_CONCEPTS;

/** EDGAR's real client against a local EDGAR: no retries (a cut answer is seen as such), no waiting for the rate limit. */
export function createSecEdgarClient(baseUrl: string): SecEdgarClient {
  return createClient({
    fetch: (url, init) => fetch(url, init),
    userAgent: 'Stockpilot tests tests@example.com',
    dataBaseUrl: baseUrl,
    wwwBaseUrl: baseUrl,
    retries: 0,
    limiter: { acquire: async () => {} },
  });
}
