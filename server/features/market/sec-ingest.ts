import { randomUUID } from 'node:crypto';
import type { IngestRefusal } from '../../../core/market/ingest-validation.ts';
import type { SecFiling } from '../../../core/market/ingest-sec.ts';
import type { CompanyFactsJson } from '../../../core/market/sec-facts.ts';
import { checkCompanyFacts, findNewestFiled, listFilingsOfFacts, selectNewStatementFilings } from '../../../core/market/sec-filings.ts';
import type { SplitEvent } from '../../../core/market/split-adjust.ts';
import { toNewYorkTime } from '../../../core/market/trading-calendar.ts';
import { parseCompanyFacts, type SecCompanyFacts, type SecEdgarClient, type SnapshotProvider } from '../../adapters/market-data/index.ts';
import type { SecSubmissions } from '../../adapters/market-data/sec-edgar/client.ts';
import type { Logger } from '../../lib/logger.ts';
import type { Filer, SecFactsStore } from './sec-facts-store.ts';

export interface FilerOutcome {
  symbol: string;
  cik: string;
  outcome: 'stored' | 'up to date' | 'refused' | 'failed';
  /** The new statement filings found (stored or refused with the company). */
  filings: string[];
  /** Fact rows added. */
  facts: number;
  detail: string | null;
  /** The filer's SIC from its submissions: `stored` (new or changed), `refused` (not four digits; logged, nothing stored); absent otherwise. */
  industry?: 'stored' | 'refused';
}

export interface SecCycleOutcome {
  outcome: 'done' | 'held by another process';
  filers: FilerOutcome[];
  checked: number;
  stored: number;
  refused: number;
  /** Filers whose SIC was stored new or changed this cycle. */
  industries: number;
}

interface SecIngestDeps {
  store: SecFactsStore;
  /** EDGAR over HTTP; absent for the archive backfill alone (then `refresh` refuses to run). */
  client?: Pick<SecEdgarClient, 'fetchNewFilings' | 'fetchCompanyFacts'>;
  /** Who files: the snapshot's listings with a CIK by default; a parameter, so store listings can join later. */
  listFilers: () => Promise<Filer[]>;
  /** True splits of a symbol (the normaliser restates per-share figures filed before one). */
  lookupSplits: (symbol: string) => Promise<SplitEvent[]>;
  /**
   * Where a filer with nothing stored starts: the snapshot's fundamentals date (its statements include what was
   * filed before; the nightly archive backfills the rest, `npm run data:backfill-sec`). Null: every filing.
   */
  startDate: () => Promise<string | null>;
  now: () => Date;
  logger: Logger;
  /**
   * After a company's statements are stored, and once after a cycle that stored a new or changed SIC: refresh the
   * data day and the caches keyed by it (the listings a profile's sector is read from, the universe built on them).
   */
  onNewStatements?: () => Promise<void>;
  /** Filers checked per cycle (see docs/market-data-store.md for the arithmetic against 10 requests a second). */
  batchSize?: number;
  /** How long one cycle's lease lasts before another process may take the cycle over (a killed run). */
  leaseMs?: number;
}

/** 3,000 submissions + the companyfacts of new filings at 10 a second: ~5.5 min of a 15-minute cycle (docs). */
export const DEFAULT_SEC_BATCH = 3_000;
const DEFAULT_LEASE_MS = 14 * 60_000;
export const SEC_CYCLE_LEASE = 'sec-filings';

/** Cut JSON surfaces from the HTTP client as a parse failure; anything else is the vendor being unavailable. */
const isCutAnswer = (e: unknown) => /JSON|Unexpected end|Unterminated/i.test((e as Error)?.message ?? '');

/**
 * EDGAR's new filings into the store. Each cycle takes a lease (one process at a time, so the SEC's 10 requests a
 * second holds across processes), checks a bounded batch of filers, oldest-checked first, for 10-K/10-Q/20-F/40-F
 * filings (and amendments) not stored yet, and for a filer with one fetches its companyfacts once and stores its
 * facts point in time and its re-normalised statements in one transaction. A refused answer stores nothing, is
 * written to market_refusals with its reason and is retried on the next cycle. Re-running changes nothing.
 */
export function createSecIngest(deps: SecIngestDeps) {
  const holder = randomUUID();
  const leaseMs = deps.leaseMs ?? DEFAULT_LEASE_MS;
  const today = () => toNewYorkTime(deps.now().getTime()).day;

  /** Checks a company's answer and stores it whole, or refuses it whole. Shared by the cycle and the backfill. */
  async function storeCompanyFacts(filer: Filer, answer: SecCompanyFacts, filings: readonly SecFiling[] | null): Promise<FilerOutcome> {
    const base = { symbol: filer.symbol, cik: filer.cik, facts: 0 };
    const checked = checkCompanyFacts(answer.facts);
    const named = (fs: readonly SecFiling[]) => fs.map((f) => f.accession);
    if (checked.refusal !== null) {
      const fs = filings ?? [];
      await deps.store.refuseCompany({ cik: filer.cik, filings: fs, detail: checked.refusal, refusals: checked.refused }, today(), deps.now());
      // The document itself is refused (a unit the store does not hold, neither us-gaap nor ifrs-full): asking again
      // next cycle would get the same answer, so the filer waits for its next turn in the rotation (still unstored).
      if (filings) await deps.store.markChecked(filer.cik, deps.now());
      deps.logger.warn(
        { symbol: filer.symbol, cik: filer.cik, reason: checked.refusal },
        'sec ingest: companyfacts refused; nothing stored, retried next cycle',
      );
      return { ...base, outcome: 'refused', filings: named(fs), detail: checked.refusal };
    }
    const filedThrough = findNewestFiled(checked.facts);
    if (filedThrough === null) return { ...base, outcome: 'up to date', filings: [], detail: 'companyfacts holds no fact of the mapped concepts' };
    // The archive has no submissions list: the filings are the ones the facts name. A new filing the companyfacts
    // answer does not include yet (EDGAR builds it minutes to hours after the filing) stays unstored and the filer
    // unchecked, so the next cycle asks again.
    const namedByFacts = listFilingsOfFacts(filer.cik, checked.facts);
    const inFacts = new Set(namedByFacts.map((f) => f.accession));
    // An amendment without financial data (a 10-K/A adding Part III) never appears in companyfacts: it is recorded
    // as seen rather than asked for again every cycle. Originals carry XBRL (required of every filer since 2011).
    const notYet = (filings ?? []).filter((f) => !inFacts.has(f.accession) && !f.amended);
    const byAccession = new Map(namedByFacts.map((f) => [f.accession, f]));
    for (const f of filings ?? []) if (inFacts.has(f.accession) || f.amended) byAccession.set(f.accession, f);
    const stored = await deps.store.storeCompany(
      {
        symbol: filer.symbol,
        cik: filer.cik,
        facts: checked.facts,
        filings: [...byAccession.values()],
        fundamentals: answer.fundamentals,
        filedThrough,
        markChecked: notYet.length === 0,
      },
      deps.now(),
    );
    const detail = notYet.length > 0 ? `companyfacts does not include ${named(notYet).join(', ')} yet; asked again next cycle` : null;
    if (stored.facts === 0 && stored.filings === 0 && !stored.statements) return { ...base, outcome: 'up to date', filings: [], detail };
    if (stored.statements) await deps.onNewStatements?.();
    const found = filings ? filings.filter((f) => inFacts.has(f.accession) || f.amended) : namedByFacts;
    return { ...base, outcome: 'stored', facts: stored.facts, filings: named(found), detail };
  }

  function refuseWhole(filer: Filer, filings: readonly SecFiling[], refusal: IngestRefusal): Promise<FilerOutcome> {
    return deps.store.refuseCompany({ cik: filer.cik, filings, detail: refusal.reason, refusals: [refusal] }, today(), deps.now()).then(() => {
      deps.logger.warn({ symbol: filer.symbol, cik: filer.cik, reason: refusal.reason }, 'sec ingest: answer refused; nothing stored, retried next cycle');
      return { symbol: filer.symbol, cik: filer.cik, outcome: 'refused', filings: filings.map((f) => f.accession), facts: 0, detail: refusal.reason };
    });
  }

  /**
   * The filer's SIC from the submissions answer the cycle reads anyway (no request of its own): stored when new or
   * changed, left as stored when EDGAR gives none, and a code that is not four digits logged with its reason and not
   * stored (the row stored before, if any, stays).
   */
  async function storeIndustry(filer: Filer, submissions: SecSubmissions): Promise<FilerOutcome['industry']> {
    if (submissions.industryRefused) {
      deps.logger.warn({ symbol: filer.symbol, cik: filer.cik, reason: submissions.industryRefused.reason }, 'sec ingest: SIC refused; nothing stored for it');
      return 'refused';
    }
    if (submissions.industry && (await deps.store.storeIndustry(submissions.industry, deps.now()))) return 'stored';
    return undefined;
  }

  /** One filer: its SIC and new statement filings, then (only when there is a filing) its companyfacts. */
  async function checkFiler(filer: Filer): Promise<FilerOutcome> {
    const client = deps.client!;
    const stored = await deps.store.readStoredFilings(filer.cik);
    const since = stored.newestFiled ?? (await deps.startDate());
    const submissions = await client.fetchNewFilings(filer.cik, since ?? '0000-00-00');
    // A cut answer (columns of unequal length) is refused whole: its SIC is not trusted either.
    if (submissions.refused.some((r) => r.code === 'truncated_answer')) return refuseWhole(filer, [], submissions.refused[0]!);
    const industry = await storeIndustry(filer, submissions);
    const outcome = await checkFilings(filer, stored, since, submissions);
    return industry ? { ...outcome, industry } : outcome;
  }

  async function checkFilings(filer: Filer, stored: { accessions: Set<string> }, since: string | null, submissions: SecSubmissions): Promise<FilerOutcome> {
    const client = deps.client!;
    const base = { symbol: filer.symbol, cik: filer.cik, facts: 0, filings: [] as string[] };
    const filings = selectNewStatementFilings(submissions.accepted, stored.accessions, since);
    if (filings.length === 0) {
      await deps.store.markChecked(filer.cik, deps.now());
      return { ...base, outcome: 'up to date', detail: null };
    }
    let answer: SecCompanyFacts | null;
    try {
      answer = await client.fetchCompanyFacts(filer.cik, { symbol: filer.symbol, splits: await deps.lookupSplits(filer.symbol) });
    } catch (e) {
      if (!isCutAnswer(e)) throw e;
      return refuseWhole(filer, filings, {
        key: `companyfacts ${filer.cik}`,
        code: 'truncated_answer',
        reason: `The companyfacts answer was cut off: ${(e as Error).message}`,
      });
    }
    if (!answer)
      return refuseWhole(filer, filings, { key: `companyfacts ${filer.cik}`, code: 'missing_field', reason: 'EDGAR has no companyfacts for the CIK (404).' });
    return storeCompanyFacts(filer, answer, filings);
  }

  /**
   * One cycle: the lease, the filers' list brought up to date, then a batch of filers oldest-checked first. A filer
   * whose vendor call fails is left unchecked (first in line next cycle) and the cycle goes on with the others.
   */
  async function refresh(options: { only?: ReadonlySet<string> } = {}): Promise<SecCycleOutcome> {
    if (!deps.client) throw new Error('sec ingest: no EDGAR client (SEC_USER_AGENT in live mode)');
    const empty = { filers: [], checked: 0, stored: 0, refused: 0, industries: 0 };
    if (!(await deps.store.acquireLease(SEC_CYCLE_LEASE, holder, deps.now(), leaseMs))) return { outcome: 'held by another process', ...empty };
    try {
      await deps.store.upsertFilers(await deps.listFilers());
      const batch = await deps.store.listFilersToCheck(deps.batchSize ?? DEFAULT_SEC_BATCH);
      const outcomes: FilerOutcome[] = [];
      for (const filer of batch) {
        if (options.only && !options.only.has(filer.symbol)) continue;
        try {
          outcomes.push(await checkFiler(filer));
        } catch (e) {
          deps.logger.warn({ err: e, symbol: filer.symbol, cik: filer.cik }, 'sec ingest: EDGAR failed for a filer; retried next cycle');
          outcomes.push({ symbol: filer.symbol, cik: filer.cik, outcome: 'failed', filings: [], facts: 0, detail: (e as Error).message });
        }
      }
      // New SICs change store-only companies' sectors: one refresh for the cycle, not one per filer.
      const industries = outcomes.filter((o) => o.industry === 'stored').length;
      if (industries > 0) await deps.onNewStatements?.();
      const count = (o: FilerOutcome['outcome']) => outcomes.filter((x) => x.outcome === o).length;
      return { outcome: 'done', filers: outcomes, checked: outcomes.length, stored: count('stored'), refused: count('refused'), industries };
    } finally {
      await deps.store.releaseLease(SEC_CYCLE_LEASE, holder);
    }
  }

  /** One document of EDGAR's nightly companyfacts archive through the same checks and store functions. */
  async function storeArchivedCompany(filer: Filer, doc: CompanyFactsJson): Promise<FilerOutcome> {
    return storeCompanyFacts(filer, parseCompanyFacts(filer.cik, doc, { symbol: filer.symbol, splits: await deps.lookupSplits(filer.symbol) }), null);
  }

  return { refresh, storeArchivedCompany };
}

export type SecIngest = ReturnType<typeof createSecIngest>;

/** The snapshot's listings that have a CIK: the filers the cycle checks until store listings join them. */
export function listSnapshotFilers(snapshot: SnapshotProvider): () => Promise<Filer[]> {
  return async () => {
    const filers: Filer[] = [];
    for (const l of await snapshot.listCovered()) {
      if (l.type !== 'stock') continue;
      const cik = (await snapshot.getProfile?.(l.symbol))?.cik;
      if (cik) filers.push({ symbol: l.symbol, cik: cik.padStart(10, '0') });
    }
    // One CIK under two tickers (share classes: GOOGL and GOOG) is one filer, named by its first symbol.
    const seen = new Set<string>();
    return filers.filter((f) => !seen.has(f.cik) && seen.add(f.cik));
  };
}

/** What the ingestion on the snapshot reads: the EDGAR client, the store, the snapshot's filers, splits and dates. */
interface SnapshotSecIngestDeps {
  client?: SecIngestDeps['client'];
  store: SecFactsStore;
  snapshot: SnapshotProvider;
  /** The bundled snapshot alone: its own fundamentals date (the store's newest filing must not move where a filer starts). */
  bundled: SnapshotProvider;
  now: () => Date;
  logger: Logger;
  onNewStatements?: () => Promise<void>;
  /** Filers beyond the snapshot's (the stored listings' active stocks with a CIK). */
  listMoreFilers?: () => Promise<Filer[]>;
}

/** The cycle as the app wires it: the snapshot's filers, its splits and its fundamentals date; null without a client. */
export function createAppSecIngest(deps: Omit<SnapshotSecIngestDeps, 'client'> & { client: NonNullable<SecIngestDeps['client']> | null }): SecIngest | null {
  if (!deps.client) return null;
  return createSecIngestOn({ ...deps, client: deps.client });
}

/** The ingestion on the snapshot: its filers, its splits (with the stored ones) and its fundamentals date. */
export function createSecIngestOn(deps: SnapshotSecIngestDeps): SecIngest {
  const { snapshot } = deps;
  const listOwn = listSnapshotFilers(snapshot);
  return createSecIngest({
    ...deps,
    listFilers: async () => {
      const [own, more] = await Promise.all([listOwn(), deps.listMoreFilers?.() ?? []]);
      // The snapshot's name for a CIK wins; a store listing adds only CIKs the snapshot lacks.
      const seen = new Set(own.map((f) => f.cik));
      return [...own, ...more.filter((f) => !seen.has(f.cik) && seen.add(f.cik))];
    },
    lookupSplits: async (symbol) => ((await snapshot.getSplits?.(symbol)) ?? []).map(({ date, ratio }) => ({ date, ratio })),
    // The fundamentals date is the snapshot's newest known filing, known once its statements are loaded.
    startDate: async () => {
      await deps.bundled.preload();
      return deps.bundled.datasetsAsOf()?.fundamentals ?? null;
    },
  });
}
