import type { QualityLog } from '../quality.ts';
import type { RefusedFact, SecValue } from '../sec-facts.ts';
import type { SplitEvent } from '../split-adjust.ts';

/** One served value with its provenance. `asOf` is the filing date; null until the filing-dates pass fills it. */
export interface NormCell {
  value: number;
  source: string;
  asOf: string | null;
  /** The filing date was borrowed from another source or estimated from the period end (see filing-dates.ts). */
  asOfEstimated?: true;
  /** Why the served value differs from the vendor's (repairs only). */
  note?: string;
  /** The us-gaap tag the value came from, where the source names it (raw SEC XBRL, live companyfacts). */
  tag?: string;
  /** Values this one restated, oldest first, each dated by the first filing that reported it (point-in-time views). */
  earlier?: Array<{ value: number; asOf: string }>;
  /** The latest filing that repeated the value (a filing after a split would have restated it: dates a derived split). */
  lastFiled?: string;
}

/** A tagged SEC value as a cell: dated by its first filing, with the values it restated and its last repeat. */
export function cellOfSecValue(v: SecValue, source: string): NormCell {
  return {
    value: v.value,
    source,
    asOf: v.filed,
    tag: v.tag,
    ...(v.earlier ? { earlier: v.earlier.map((x) => ({ value: x.value, asOf: x.filed })) } : {}),
    ...(v.lastFiled ? { lastFiled: v.lastFiled } : {}),
  };
}

/** Values of one company: period end → line key → cell. */
export type Periods = Map<string, Map<string, NormCell>>;
export type PeriodKind = 'annual' | 'quarterly';

/**
 * One vendor's statements for the company. `restated` sources carry each period as last filed (SEC
 * companyfacts keep the latest filing per fact); `as_first_filed` ones as originally reported (FMP).
 */
export interface SourceStatements {
  source: string;
  vintage: 'restated' | 'as_first_filed';
  annual: Periods;
  quarterly: Periods;
}

export interface CompanyInput {
  symbol: string;
  /** In order of preference: the first source with a value for a line and period wins. */
  sources: readonly SourceStatements[];
  /** True splits from the split records. */
  splits: readonly SplitEvent[];
  /** The latest reported share count (cover page), the reference for restating share counts. */
  sharesLatest?: number | null;
  /** The date of that count (the cover page's "as of"): a split found after it is dated the day after. */
  sharesLatestAsOf?: string | null;
  /** The share count on the prices' split basis, from an independent market snapshot (market cap ÷ price). */
  marketShares?: MarketShares | null;
  /** Split-adjusted close on or just before a date; absent for the live adapter. */
  priceAt?: (date: string) => number | null;
  /** Banks and brokers report revenue net of interest expense: a gross vendor figure is not "the total" for them. */
  revenueNetOfInterest?: boolean;
  /** A bank or an insurer (core/analysis company class): its revenue is held to the net-margin floor (revenue-invariants.ts). */
  financialKind?: 'bank' | 'insurer' | null;
  /** Facts the vendor mapping refused (unknown unit, conflicting duplicates, revenue on another definition): withheld with their reason. */
  refused?: readonly RefusedFact[];
}

/** Shares implied by a market snapshot: its market cap ÷ its price, so on the same split basis as the (split-adjusted) prices. */
export interface MarketShares {
  shares: number;
  asOf: string;
  source: string;
}

export interface DerivedSplit extends SplitEvent {
  source: 'derived';
  /** Why the split was inferred (share jump, EPS drop, P/E evidence). */
  evidence: string;
}

export interface NormalizedCompany {
  annual: Periods;
  quarterly: Periods;
  /** Values refused by a pass: served as null with the note. Keyed like the periods. */
  quarantined: Record<PeriodKind, Map<string, Map<string, string>>>;
  /** Splits the table lacked, found in the figures (to be listed with the company's splits). */
  derivedSplits: DerivedSplit[];
  notes: string[];
}

/** What each pass receives: the merged statements, the alternates from lower-preference sources, the log. */
export interface PassContext {
  symbol: string;
  annual: Periods;
  quarterly: Periods;
  /** Every source's own statements, for passes that repair from another source. */
  sources: readonly SourceStatements[];
  quarantined: NormalizedCompany['quarantined'];
  log: QualityLog;
}

export const periodsOf = (ctx: PassContext, kind: PeriodKind): Periods => (kind === 'annual' ? ctx.annual : ctx.quarterly);

/** Records a repair on the cell and in the log. */
export function repairCell(
  ctx: PassContext,
  kind: PeriodKind,
  end: string,
  line: string,
  after: NormCell,
  event: { kind: string; before: number | null; reason: string },
): void {
  const m = periodsOf(ctx, kind).get(end) ?? new Map<string, NormCell>();
  periodsOf(ctx, kind).set(end, m);
  m.set(line, { ...after, note: event.reason });
  ctx.log.record({
    dataset: 'fundamentals',
    symbol: ctx.symbol,
    outcome: 'repaired',
    kind: event.kind,
    period: end,
    line,
    before: event.before,
    after: after.value,
    reason: event.reason,
  });
}

/** Refuses a value: it is served as null with `reason` as its note. */
export function quarantineCell(ctx: PassContext, kind: PeriodKind, end: string, line: string, eventKind: string, reason: string): void {
  const m = periodsOf(ctx, kind).get(end);
  const before = m?.get(line)?.value ?? null;
  m?.delete(line);
  const q = ctx.quarantined[kind].get(end) ?? new Map<string, string>();
  ctx.quarantined[kind].set(end, q);
  q.set(line, reason);
  ctx.log.record({ dataset: 'fundamentals', symbol: ctx.symbol, outcome: 'quarantined', kind: eventKind, period: end, line, before, after: null, reason });
}

/** An amount in millions for a note: 1,886,600,000 → "1,887M". */
export const formatMillions = (v: number): string => `${Math.round(v / 1e6).toLocaleString('en-US')}M`;
export const dayNumber = (iso: string): number => Math.round(Date.parse(`${iso}T00:00:00Z`) / 86_400_000);
export const addDays = (iso: string, days: number): string => new Date((dayNumber(iso) + days) * 86_400_000).toISOString().slice(0, 10);
export const sortedEnds = (p: Periods): string[] => [...p.keys()].sort();
export const valueAt = (p: Periods, end: string, line: string): number | null => p.get(end)?.get(line)?.value ?? null;
