import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Database } from '../../adapters/db/index.ts';
import { findBundledDataDir } from '../../adapters/market-data/index.ts';
import { findAppRoot } from '../../lib/app-root.ts';
import { createLogger } from '../../lib/logger.ts';
import { createTestDatabase, describeEachDatabase } from '../../test/db.ts';
import { readSecFixture } from '../../test/fake-sec-vendor.ts';
import { MAPPED_SEC_CONCEPTS_FOR_TESTS } from '../../test/sec-test-kit.ts';
import { writeTestZip } from '../../test/zip-writer.ts';
import { backfillSecArchive } from './index.ts';

type FactsDoc = { cik: number; entityName: string; facts: Record<string, Record<string, { units: Record<string, unknown[]> }>> };

describeEachDatabase(
  'the nightly companyfacts archive into the store: stored once, unlisted CIKs skipped, a document in a unit the store does not hold refused',
  (kind) => {
    let db: Database;
    const dir = mkdtempSync(join(tmpdir(), 'sec-backfill-'));
    const archive = join(dir, 'companyfacts.zip');
    const apple = readSecFixture<FactsDoc>('companyfacts-CIK0000320193-2026-07-31.json');
    const appleFacts = Object.entries(apple.facts['us-gaap']!)
      .filter(([tag]) => MAPPED_SEC_CONCEPTS_FOR_TESTS.has(`us-gaap:${tag}`))
      .reduce((n, [, body]) => n + Object.values(body.units).reduce((m, list) => m + list.length, 0), 0);
    const run = (only?: string[]) =>
      backfillSecArchive({
        archivePath: archive,
        only: only ? new Set(only) : undefined,
        db,
        dataDir: findBundledDataDir(findAppRoot()),
        logger: createLogger('silent'),
        now: () => new Date('2026-11-29T06:00:00Z'),
      });

    beforeAll(async () => {
      db = await createTestDatabase(kind);
      // Microsoft's entry: Apple's recorded document with its revenue in EUR — a unit the store does not hold.
      const inEuros = structuredClone(apple);
      const revenue = inEuros.facts['us-gaap']!.RevenueFromContractWithCustomerExcludingAssessedTax!;
      revenue.units = { EUR: revenue.units.USD! };
      writeTestZip(archive, [
        { name: 'CIK0000320193.json', data: JSON.stringify(apple) },
        { name: 'CIK0000789019.json', data: JSON.stringify({ ...inEuros, cik: 789019, entityName: 'MICROSOFT CORPORATION' }), store: true },
        // No listing of the snapshot has this CIK: skipped unread.
        { name: 'CIK0009999999.json', data: '{"cik":9999999}' },
      ]);
    });
    afterAll(async () => {
      rmSync(dir, { recursive: true, force: true });
      await db.close();
    });

    it('stored 1 (Apple: every mapped fact, statements through 2026-07-31), skipped 1 (the unlisted CIK), refused 1 (Microsoft: unknown_unit)', async () => {
      const out = await run();
      expect([out.stored, out.skipped, out.refused]).toEqual([1, 1, 1]);
      expect(out.companies.map((c) => [c.symbol, c.outcome, c.facts])).toEqual([
        ['AAPL', 'stored', appleFacts],
        ['MSFT', 'refused', 0],
      ]);
      expect(Number((await db.query<{ n: number }>(sql`SELECT count(*) AS n FROM market_sec_facts WHERE cik = '0000320193'`))[0]!.n)).toBe(appleFacts);
      expect(await db.query(sql`SELECT count(*)::int AS n FROM market_sec_facts WHERE cik = '0000789019'`)).toEqual([{ n: 0 }]);
      expect(await db.query(sql`SELECT symbol, filed_through::text AS f FROM market_sec_statements`)).toEqual([{ symbol: 'AAPL', f: '2026-07-31' }]);
      const [refusal] = await db.query<{ code: string; reason: string }>(sql`SELECT code, reason FROM market_refusals WHERE dataset = 'filings'`);
      expect(refusal).toMatchObject({ code: 'unknown_unit', reason: expect.stringContaining('"EUR"') });
      // The filings the facts name are seen as stored: the 15-minute cycle starts after Apple's newest, 2026-07-31.
      expect(await db.query(sql`SELECT max(filed)::text AS f FROM market_sec_filings WHERE cik = '0000320193' AND outcome = 'stored'`)).toEqual([
        { f: '2026-07-31' },
      ]);
    });

    it('re-running stores nothing new: stored 0, skipped 2 (Apple up to date, the unlisted CIK), refused 1 again', async () => {
      const out = await run();
      expect([out.stored, out.skipped, out.refused]).toEqual([0, 2, 1]);
      expect(Number((await db.query<{ n: number }>(sql`SELECT count(*) AS n FROM market_sec_facts`))[0]!.n)).toBe(appleFacts);
    });

    it('--only MSFT reads Microsoft alone (the 2 others skipped unread): refused again, nothing stored', async () => {
      const out = await run(['MSFT']);
      expect([out.stored, out.skipped, out.refused]).toEqual([0, 2, 1]);
      expect(out.companies.map((c) => c.symbol)).toEqual(['MSFT']);
    });
  },
);
