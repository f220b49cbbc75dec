import type { CompanyFactsJson } from '../../../core/market/sec-facts.ts';
import type { Database } from '../../adapters/db/index.ts';
import { createBundledProvider } from '../../adapters/market-data/bundled/index.ts';
import type { Logger } from '../../lib/logger.ts';
import { readZipEntries } from '../../lib/zip-reader.ts';
import { createMarketDataStore } from './market-data-store.ts';
import { createSecFactsStore } from './sec-facts-store.ts';
import { createSecIngestOn, type FilerOutcome, listSnapshotFilers } from './sec-ingest.ts';
import { createStoredSnapshot } from './stored-snapshot.ts';

export interface BackfillOutcome {
  stored: number;
  /** Entries already stored (nothing new), of a CIK with no listing, or without any fact the statements map. */
  skipped: number;
  refused: number;
  /** One per company read: stored, up to date or refused, with the reason. */
  companies: FilerOutcome[];
}

/** `CIK0000320193.json` → `0000320193`. */
const cikOfEntry = (name: string) => /(?:^|\/)CIK(\d{10})\.json$/.exec(name)?.[1] ?? null;

/**
 * EDGAR's nightly companyfacts archive (a zip of CIK##########.json) into the store, entry by entry, through the
 * same checks and store functions as the 15-minute cycle: a company is stored whole in one transaction or refused
 * whole with its reason. Entries of CIKs no listing names are skipped unread. Re-running stores nothing new.
 */
export async function backfillSecArchive(input: {
  archivePath: string;
  /** Symbols to load (`--only AAPL,MSFT`); every listed filer when absent. */
  only?: ReadonlySet<string>;
  db: Database;
  dataDir: string;
  logger: Logger;
  now: () => Date;
  onCompany?: (o: FilerOutcome) => void;
}): Promise<BackfillOutcome> {
  const bundled = createBundledProvider(input.dataDir);
  const snapshot = createStoredSnapshot(bundled, createMarketDataStore(input.db), input.now);
  const store = createSecFactsStore(input.db);
  const ingest = createSecIngestOn({ store, snapshot, bundled, now: input.now, logger: input.logger });
  const filers = new Map((await listSnapshotFilers(bundled)()).filter((f) => !input.only || input.only.has(f.symbol)).map((f) => [f.cik, f]));
  await store.upsertFilers([...filers.values()]);
  const out: BackfillOutcome = { stored: 0, skipped: 0, refused: 0, companies: [] };
  let unlisted = 0;
  for await (const entry of readZipEntries(input.archivePath, (name) => {
    const cik = cikOfEntry(name);
    const listed = cik !== null && filers.has(cik);
    if (!listed) unlisted++;
    return listed;
  })) {
    const filer = filers.get(cikOfEntry(entry.name)!)!;
    let doc: CompanyFactsJson;
    try {
      doc = JSON.parse(entry.data.toString('utf8')) as CompanyFactsJson;
    } catch (e) {
      const o: FilerOutcome = { ...filer, outcome: 'refused', filings: [], facts: 0, detail: `${entry.name} is not JSON: ${(e as Error).message}` };
      out.refused++;
      out.companies.push(o);
      input.onCompany?.(o);
      continue;
    }
    const o = await ingest.storeArchivedCompany(filer, doc);
    if (o.outcome === 'stored') out.stored++;
    else if (o.outcome === 'refused') out.refused++;
    else out.skipped++;
    out.companies.push(o);
    input.onCompany?.(o);
  }
  out.skipped += unlisted;
  return out;
}
