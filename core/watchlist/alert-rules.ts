import { describeRating } from '../analysis/runs/technical.ts';
import type { RatingLabel } from '../analysis/technical-rating.ts';

/*
 * Watchlist alerts as a state machine over "sides". Each rule maps a symbol's latest figures to a side
 * (price above or below the threshold, RSI inside or beyond its level, SMA 50 over or under SMA 200, the
 * rating's label…). An alert fires when the side changes INTO its trigger side; staying there fires nothing,
 * and leaving re-arms it. The side is stored per alert, so the same data evaluated twice, by two processes
 * or on two ticks, never fires twice (docs/watchlist-alerts.md).
 */

export const alertKinds = ['price_above', 'price_below', 'move_percent', 'rsi_cross', 'golden_cross', 'death_cross', 'rating_change'] as const;
export type AlertKind = (typeof alertKinds)[number];

/** What the UI and the messages call each kind. */
export const alertKindLabels: Readonly<Record<AlertKind, string>> = {
  price_above: 'Price rises above',
  price_below: 'Price falls below',
  move_percent: 'Day move of at least ±',
  rsi_cross: 'RSI (14) crosses',
  golden_cross: 'Golden cross (SMA 50 over SMA 200)',
  death_cross: 'Death cross (SMA 50 under SMA 200)',
  rating_change: 'Technical rating changes',
};

/** The two RSI levels an `rsi_cross` alert may watch: 30 fires on the fall below it, 70 on the rise above it. */
const RSI_LEVELS = [30, 70] as const;
const MAX_PRICE_THRESHOLD = 1_000_000;
const MAX_MOVE_PERCENT = 100;

export interface AlertRule {
  kind: AlertKind;
  /** Dollars for price alerts, percent for `move_percent`, 30 or 70 for `rsi_cross`, null for the rest. */
  threshold: number | null;
}

/** A symbol's figures on its data day: what every rule reads. Null where the history is too short. */
export interface SymbolPoint {
  symbol: string;
  /** The data day (last bar's date); a new value is a data refresh. */
  asOf: string;
  price: number;
  /** Change from the previous daily close in percent; null for month-end-only histories. */
  dayChangePercent: number | null;
  rsi14: number | null;
  sma50: number | null;
  sma200: number | null;
  rating: RatingLabel | null;
}

type ThresholdCheck = { ok: true; threshold: number | null } | { ok: false; message: string };

/** Whether `threshold` suits `kind`; the message names what is allowed. */
export function checkThreshold(kind: AlertKind, threshold: number | null | undefined): ThresholdCheck {
  const t = threshold ?? null;
  const needsNone = kind === 'golden_cross' || kind === 'death_cross' || kind === 'rating_change';
  if (needsNone) return t === null ? { ok: true, threshold: null } : { ok: false, message: `A ${kind} alert takes no threshold; leave it empty.` };
  if (t === null || !Number.isFinite(t)) return { ok: false, message: 'This alert needs a threshold: a number.' };
  if (kind === 'rsi_cross') {
    return (RSI_LEVELS as readonly number[]).includes(t) ? { ok: true, threshold: t } : { ok: false, message: 'An RSI alert watches level 30 or 70.' };
  }
  if (kind === 'move_percent') {
    return t > 0 && t <= MAX_MOVE_PERCENT
      ? { ok: true, threshold: t }
      : { ok: false, message: `A day-move alert takes a percentage above 0 and at most ${MAX_MOVE_PERCENT}.` };
  }
  if (!(t > 0 && t <= MAX_PRICE_THRESHOLD))
    return { ok: false, message: `A price alert takes a price above $0 and at most $${MAX_PRICE_THRESHOLD.toLocaleString('en-US')}.` };
  // 199.99 × 10,000 is 1,999,899.9999999998 in floating point: compare with a tolerance, not exactly.
  if (Math.abs(Math.round(t * 10_000) - t * 10_000) > 1e-6) return { ok: false, message: 'A price alert takes at most 4 decimals.' };
  return { ok: true, threshold: t };
}

/** The side of `rule` on `point`, or null when the point lacks the figure (the stored side then stays as it is). */
export function findSide(rule: AlertRule, p: SymbolPoint): string | null {
  const t = rule.threshold ?? 0;
  switch (rule.kind) {
    case 'price_above':
      return p.price > t ? 'above' : 'below';
    case 'price_below':
      return p.price < t ? 'below' : 'above';
    case 'move_percent':
      if (p.dayChangePercent === null) return null;
      return p.dayChangePercent >= t ? 'up' : p.dayChangePercent <= -t ? 'down' : 'within';
    case 'rsi_cross':
      if (p.rsi14 === null) return null;
      return t === 30 ? (p.rsi14 < 30 ? 'below' : 'above') : p.rsi14 > 70 ? 'above' : 'below';
    case 'golden_cross':
    case 'death_cross':
      if (p.sma50 === null || p.sma200 === null || p.sma50 === p.sma200) return null;
      return p.sma50 > p.sma200 ? 'golden' : 'death';
    case 'rating_change':
      return p.rating;
  }
}

/** Whether entering `side` fires `rule`: its trigger side, or any change for `rating_change`. */
function isTriggerSide(rule: AlertRule, side: string): boolean {
  switch (rule.kind) {
    case 'price_above':
      return side === 'above';
    case 'price_below':
      return side === 'below';
    case 'move_percent':
      return side === 'up' || side === 'down';
    case 'rsi_cross':
      return side === (rule.threshold === 30 ? 'below' : 'above');
    case 'golden_cross':
      return side === 'golden';
    case 'death_cross':
      return side === 'death';
    case 'rating_change':
      return true;
  }
}

interface AlertEvaluation {
  /** The side to store (unchanged when the point lacks the figure). */
  side: string | null;
  /** The figure the rule read, stored for the list ("last value"). */
  value: number | null;
  fired: boolean;
}

function readValue(rule: AlertRule, p: SymbolPoint): number | null {
  if (rule.kind === 'move_percent') return p.dayChangePercent;
  if (rule.kind === 'rsi_cross') return p.rsi14;
  if (rule.kind === 'golden_cross' || rule.kind === 'death_cross') return p.sma50 !== null && p.sma200 !== null ? p.sma50 - p.sma200 : null;
  if (rule.kind === 'rating_change') return null;
  return p.price;
}

/**
 * One step of the machine: the stored side and a new point in, the side to store and whether it fired out.
 * A first evaluation (no stored side) only records the side: an alert set while already above fires on the
 * next crossing, not at once.
 */
export function evaluateAlert(rule: AlertRule, lastSide: string | null, p: SymbolPoint): AlertEvaluation {
  const side = findSide(rule, p);
  const value = readValue(rule, p);
  if (side === null) return { side: lastSide, value, fired: false };
  const fired = lastSide !== null && side !== lastSide && isTriggerSide(rule, side);
  return { side, value, fired };
}

// One formatter: toLocaleString builds a new one per call, which dominated a 10,000-alert refresh.
const usdFormat = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 4 });
const usd = (v: number) => `$${usdFormat.format(v)}`;
const pct = (v: number) => `${v > 0 ? '+' : ''}${v.toFixed(2)}%`;
const ratingWords = (side: string | null) =>
  side && ['strong_buy', 'buy', 'neutral', 'sell', 'strong_sell'].includes(side) ? describeRating(side as RatingLabel) : 'unrated';

/** The notification's title and body for a firing: what crossed, where it is now, on which data day. */
export function describeFiring(rule: AlertRule, previousSide: string | null, p: SymbolPoint): { title: string; body: string } {
  const s = p.symbol;
  const on = `on ${p.asOf}`;
  const t = rule.threshold ?? 0;
  switch (rule.kind) {
    case 'price_above':
      return { title: `${s} rose above ${usd(t)}`, body: `${s} closed at ${usd(p.price)} ${on}, above your alert at ${usd(t)}.` };
    case 'price_below':
      return { title: `${s} fell below ${usd(t)}`, body: `${s} closed at ${usd(p.price)} ${on}, below your alert at ${usd(t)}.` };
    case 'move_percent': {
      const move = p.dayChangePercent ?? 0;
      return { title: `${s} moved ${pct(move)} in a day`, body: `${s} closed at ${usd(p.price)} ${on}, ${pct(move)} on the day (your alert: ±${t}%).` };
    }
    case 'rsi_cross': {
      const r = (p.rsi14 ?? 0).toFixed(1);
      return t === 30
        ? { title: `${s} RSI (14) fell below 30`, body: `RSI (14) of ${s} is ${r} ${on}: oversold territory. Price ${usd(p.price)}.` }
        : { title: `${s} RSI (14) rose above 70`, body: `RSI (14) of ${s} is ${r} ${on}: overbought territory. Price ${usd(p.price)}.` };
    }
    case 'golden_cross':
    case 'death_cross': {
      const golden = rule.kind === 'golden_cross';
      const avgs = `SMA 50 ${usd(p.sma50 ?? 0)}, SMA 200 ${usd(p.sma200 ?? 0)}`;
      return {
        title: `${s} ${golden ? 'golden cross' : 'death cross'}`,
        body: `The 50-day average of ${s} crossed ${golden ? 'above' : 'below'} the 200-day average ${on} (${avgs}).`,
      };
    }
    case 'rating_change':
      return {
        title: `${s} technical rating: ${ratingWords(p.rating)}`,
        body: `The technical rating of ${s} changed from ${ratingWords(previousSide)} to ${ratingWords(p.rating)} ${on}. Price ${usd(p.price)}.`,
      };
  }
}

/** "Price rises above $200.00", "RSI (14) crosses 30": the alert in the list. */
export function describeAlert(rule: AlertRule): string {
  const t = rule.threshold;
  switch (rule.kind) {
    case 'price_above':
    case 'price_below':
      return `${alertKindLabels[rule.kind]} ${usd(t ?? 0)}`;
    case 'move_percent':
      return `${alertKindLabels[rule.kind]}${t}%`;
    case 'rsi_cross':
      return t === 30 ? 'RSI (14) falls below 30' : 'RSI (14) rises above 70';
    default:
      return alertKindLabels[rule.kind];
  }
}
