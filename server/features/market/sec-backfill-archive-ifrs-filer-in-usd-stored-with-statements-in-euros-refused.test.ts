import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { CompanyFactsJson } from '../../../core/market/sec-facts.ts';
import type { Fundamentals } from '../../../core/market/types.ts';
import type { Database } from '../../adapters/db/index.ts';
import { findBundledDataDir } from '../../adapters/market-data/index.ts';
import { findAppRoot } from '../../lib/app-root.ts';
import { createLogger } from '../../lib/logger.ts';
import { createTestDatabase, describeEachDatabase } from '../../test/db.ts';
import { readSecFixture } from '../../test/fake-sec-vendor.ts';
import { toForeignFilerFacts } from '../../test/ifrs-filer-kit.ts';
import { writeTestZip } from '../../test/zip-writer.ts';
import { backfillSecArchive } from './index.ts';

/**
 * Foreign private issuers in the nightly companyfacts archive: an IFRS filer reporting in US dollars is stored like
 * any filer — its facts point in time under ifrs-full, its statements normalised — and one reporting in euros is
 * refused whole. The documents are Apple's recorded answer (to 2026-07-31) as such filers would file it
 * (server/test/ifrs-filer-kit.ts: IFRS concepts, 20-F annual reports, no 10-Q), under KO's and MSFT's CIKs, the
 * snapshot's filers.
 */
describeEachDatabase('the companyfacts archive: an IFRS 20-F filer in US dollars stored with its statements, one in euros refused', (kind) => {
  let db: Database;
  const dir = mkdtempSync(join(tmpdir(), 'sec-backfill-ifrs-'));
  const archive = join(dir, 'companyfacts.zip');
  const apple = readSecFixture<CompanyFactsJson>('companyfacts-CIK0000320193-2026-07-31.json');
  const inDollars = toForeignFilerFacts(apple, { cik: 21344, entityName: 'KO AS AN IFRS FILER' });
  const inEuros = toForeignFilerFacts(apple, { cik: 789019, entityName: 'MSFT AS AN IFRS FILER IN EUROS', currency: 'EUR' });
  const factsIn = (doc: CompanyFactsJson) =>
    Object.values(doc.facts!['ifrs-full']!).reduce((n, body) => n + Object.values(body.units ?? {}).reduce((m, list) => m + list.length, 0), 0);

  beforeAll(async () => {
    db = await createTestDatabase(kind);
    writeTestZip(archive, [
      { name: 'CIK0000021344.json', data: JSON.stringify(inDollars) },
      { name: 'CIK0000789019.json', data: JSON.stringify(inEuros) },
    ]);
  });
  afterAll(async () => {
    rmSync(dir, { recursive: true, force: true });
    await db.close();
  });

  it('KO in dollars: stored, every fact under ifrs-full, statements filed through 2025-10-31 with FY2025 revenue $416,161M; MSFT in euros: refused (unknown_unit "EUR"), nothing stored', async () => {
    const out = await backfillSecArchive({
      archivePath: archive,
      only: new Set(['KO', 'MSFT']),
      db,
      dataDir: findBundledDataDir(findAppRoot()),
      logger: createLogger('silent'),
      now: () => new Date('2026-11-29T06:00:00Z'),
    });
    expect(out.companies.map((c) => [c.symbol, c.outcome, c.facts])).toEqual([
      ['KO', 'stored', factsIn(inDollars)],
      ['MSFT', 'refused', 0],
    ]);
    const concepts = await db.query<{ concept: string }>(sql`SELECT DISTINCT concept FROM market_sec_facts WHERE cik = '0000021344' ORDER BY concept`);
    expect(concepts.length).toBeGreaterThan(3);
    expect(concepts.every((c) => c.concept.startsWith('ifrs-full:'))).toBe(true);
    expect(await db.query(sql`SELECT count(*)::int AS n FROM market_sec_facts WHERE cik = '0000789019'`)).toEqual([{ n: 0 }]);

    const [row] = await db.query<{ symbol: string; f: string; document: unknown }>(
      sql`SELECT symbol, filed_through::text AS f, document FROM market_sec_statements`,
    );
    expect([row!.symbol, row!.f]).toEqual(['KO', '2025-10-31']);
    const doc = (typeof row!.document === 'string' ? JSON.parse(row!.document) : row!.document) as Fundamentals;
    const at = doc.annual.periods.findIndex((p) => p.end === '2025-09-27');
    expect(doc.annual.income.find((l) => l.key === 'revenue')!.values[at]!.value).toBe(416_161_000_000);

    const [refusal] = await db.query<{ code: string; reason: string }>(sql`SELECT code, reason FROM market_refusals WHERE dataset = 'filings'`);
    expect(refusal).toMatchObject({ code: 'unknown_unit', reason: expect.stringContaining('"EUR"') });
  });
});
