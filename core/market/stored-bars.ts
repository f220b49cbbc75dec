import type { IngestDailyBar } from './ingest-validation.ts';
import type { PriceBar, Split } from './types.ts';

/**
 * A daily bar as the store keeps it: the vendor's raw (unadjusted) prices of that day. Adjustment happens on
 * read, from the splits the store holds, so a split announced after a bar was stored never leaves the bar stale.
 */
export type StoredBar = Pick<IngestDailyBar, 'date' | 'open' | 'high' | 'low' | 'close' | 'volume'>;

/** The factor that brings a price of `day` onto today's share basis: the product of the splits after it. */
function splitFactorAfter(day: string, splits: readonly Pick<Split, 'date' | 'ratio'>[]): number {
  let f = 1;
  for (const s of splits) if (s.date > day && s.ratio > 0) f *= s.ratio;
  return f;
}

const round4 = (v: number) => Math.round(v * 10_000) / 10_000;

/**
 * The bundled snapshot's split-adjusted daily bars continued by the store's raw bars of later days, on one share
 * basis: each price is divided (and each volume multiplied) by the splits after its day. `base` is adjusted for
 * the splits up to its own end (`baseThrough`); only splits after that apply to it. Stored bars on or before the
 * base's last day are left out: the snapshot is the record for its own days.
 *
 * Worked example: base ends 2026-07-02 at $300; the store adds 2026-07-06 at $310 raw and a 2-for-1 split on
 * 2026-07-07, then 2026-07-07 at $156 raw. Read after the split: $150, $155, $156.
 */
export function extendDailyBars(
  base: readonly PriceBar[],
  baseThrough: string | null,
  stored: readonly StoredBar[],
  splits: readonly Pick<Split, 'date' | 'ratio'>[],
): PriceBar[] {
  const lastBaseDay = base.at(-1)?.date ?? '';
  const newer = splits.filter((s) => baseThrough === null || s.date > baseThrough);
  const out: PriceBar[] = [];
  const baseFactor = splitFactorAfter(lastBaseDay, newer);
  for (const b of base) {
    // Splits between the base's last bar and today move every base bar alike.
    out.push(
      baseFactor === 1
        ? b
        : {
            date: b.date,
            open: round4(b.open / baseFactor),
            high: round4(b.high / baseFactor),
            low: round4(b.low / baseFactor),
            close: round4(b.close / baseFactor),
            volume: b.volume === null ? null : Math.round(b.volume * baseFactor),
          },
    );
  }
  for (const s of stored) {
    if (s.date <= lastBaseDay) continue;
    const f = splitFactorAfter(s.date, newer);
    out.push({
      date: s.date,
      open: round4(s.open / f),
      high: round4(s.high / f),
      low: round4(s.low / f),
      close: round4(s.close / f),
      volume: s.volume === null ? null : Math.round(s.volume * f),
    });
  }
  return out;
}

/**
 * A month-end series (the snapshot has only month-end closes for most of the S&P 500) continued by stored daily
 * bars: the last stored bar of each later month stands for that month, the current month's as its latest day.
 */
export function extendMonthlyBars(
  base: readonly PriceBar[],
  baseThrough: string | null,
  stored: readonly StoredBar[],
  splits: readonly Pick<Split, 'date' | 'ratio'>[],
): PriceBar[] {
  const daily = extendDailyBars(base, baseThrough, stored, splits);
  const out = daily.slice(0, base.length);
  for (const bar of daily.slice(base.length)) {
    const prev = out.at(-1);
    // A later bar of the same month replaces the month's bar (stored bars come after the base's last day).
    if (prev && prev.date.slice(0, 7) === bar.date.slice(0, 7)) out[out.length - 1] = bar;
    else out.push(bar);
  }
  return out;
}

/** Dividends on today's share basis: each amount divided by the splits after its ex-date (of those given). */
export function adjustDividendsForSplits<T extends { ex_date: string; amount: number }>(
  dividends: readonly T[],
  splits: readonly Pick<Split, 'date' | 'ratio'>[],
): T[] {
  return dividends.map((d) => {
    const f = splitFactorAfter(d.ex_date, splits);
    return f === 1 ? d : { ...d, amount: Math.round((d.amount / f) * 1e6) / 1e6 };
  });
}
