import { expect, it } from 'vitest';
import { createLogger } from '../../lib/logger.ts';
import { createMarketJobs } from './market-jobs.ts';
import type { SecIngest } from './sec-ingest.ts';
import type { StoredSnapshot } from './stored-snapshot.ts';

/** The job's tick at `at`: how many EDGAR cycles it ran (start runs the first tick, stop waits for it). */
async function countCyclesAt(at: string): Promise<number> {
  let cycles = 0;
  const secIngest = {
    refresh: async () => {
      cycles++;
      return { outcome: 'done' as const, filers: [], checked: 0, stored: 0, refused: 0, industries: 0 };
    },
    storeArchivedCompany: async () => {
      throw new Error('not used');
    },
  } satisfies SecIngest;
  const jobs = createMarketJobs({
    snapshot: {} as StoredSnapshot,
    cache: null,
    ingest: null,
    referenceIngest: null,
    secIngest,
    now: () => new Date(at),
    logger: createLogger('silent'),
  });
  jobs.start();
  await jobs.stop();
  return cycles;
}

it.each([
  ['2026-07-31T15:00:00Z', 1, 'Friday 11:00 New York: market hours'],
  ['2026-07-31T21:00:00Z', 0, 'Friday 17:00 New York: after the close'],
  ['2026-08-01T15:00:00Z', 0, 'Saturday'],
  ['2026-07-03T15:00:00Z', 0, 'Independence Day observed (Friday Jul 3)'],
])('the sec-filings job at %s runs %i EDGAR cycle(s) (%s)', async (at, cycles) => {
  expect(await countCyclesAt(at)).toBe(cycles);
});
