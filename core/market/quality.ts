/**
 * The data-quality log: every value the snapshot pipeline (and the live SEC adapter) checked, repaired,
 * quarantined or flagged, with why. `npm run data:prepare` renders it as data/QUALITY.md.
 */

export type QualityDataset = 'fundamentals' | 'prices' | 'listings' | 'dividends' | 'etfs';

/**
 * - `repaired`: the served value differs from the vendor's, by a documented rule (before → after).
 * - `quarantined`: the value could not be repaired; it is served as null with a note saying why.
 * - `flagged`: a vendor fault served as given, labelled (used only where no repair is safe and null would lose more).
 */
export type QualityOutcome = 'repaired' | 'quarantined' | 'flagged';

export interface QualityEvent {
  dataset: QualityDataset;
  symbol: string;
  outcome: QualityOutcome;
  /** Stable kind, e.g. `split_restated`, `share_unit`, `revenue_definition`, `outflow_sign`, `equity_nci`, `not_reported`, `mixed_vintage`, `ohlc`, `listing_name`. */
  kind: string;
  /** Period end (fundamentals) or bar date (prices). */
  period?: string;
  /** Statement line key or column. */
  line?: string;
  before?: number | string | null;
  after?: number | string | null;
  reason: string;
}

/** Collects events and counts checked values per dataset. Pure: the caller decides where it is written. */
export class QualityLog {
  readonly events: QualityEvent[] = [];
  readonly checked = new Map<QualityDataset, number>();

  record(event: QualityEvent): void {
    this.events.push(event);
  }

  countChecked(dataset: QualityDataset, n: number): void {
    this.checked.set(dataset, (this.checked.get(dataset) ?? 0) + n);
  }

  merge(other: QualityLog): void {
    this.events.push(...other.events);
    for (const [d, n] of other.checked) this.countChecked(d, n);
  }
}
