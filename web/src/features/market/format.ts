import type { FactUnit } from '../../../../core/analysis/analysis-types.ts';
import { describeDataSource } from '../../../../core/market/source-names.ts';
import { formatFactValue } from '../../../../core/facts/format-fact.ts';
import type { Figure, LineUnit } from '../../../../core/market/types.ts';

/** "Not reported" is always an em dash, never 0. */
export const NOT_REPORTED = '—';

export const formatPrice = (v: number | null | undefined, currency = 'USD') =>
  v === null || v === undefined ? NOT_REPORTED : v.toLocaleString('en-US', { style: 'currency', currency, minimumFractionDigits: 2, maximumFractionDigits: 2 });

export const formatSigned = (v: number | null | undefined, digits = 2) =>
  v === null || v === undefined ? NOT_REPORTED : `${v > 0 ? '+' : v < 0 ? '−' : ''}${Math.abs(v).toFixed(digits)}`;

export const formatPercent = (v: number | null | undefined, signed = false) =>
  v === null || v === undefined ? NOT_REPORTED : signed ? `${formatSigned(v)} %` : formatFactValue({ value: v, unit: 'percent' });

/** $416.16B, −$2.72B, $950.00M: the fact catalogue's one way of writing dollars. */
export function formatCompactUsd(v: number | null | undefined): string {
  return v === null || v === undefined ? NOT_REPORTED : formatFactValue({ value: v, unit: 'usd' });
}

const LINE_UNITS: Record<LineUnit, FactUnit> = { USD: 'usd', 'USD/share': 'usd_per_share', shares: 'shares' };

/** A statement figure in its line's unit, written as every fact is (core/facts/format-fact.ts). */
export function formatFigure(v: number | null | undefined, unit: LineUnit): string {
  if (v === null || v === undefined) return NOT_REPORTED;
  return formatFactValue({ value: v, unit: LINE_UNITS[unit] ?? 'usd' });
}

/** Tone of a change: green up, red down, grey flat or unknown. */
export const changeTone = (v: number | null | undefined) =>
  v === null || v === undefined || v === 0 ? 'text-fg-muted' : v > 0 ? 'text-positive' : 'text-negative';

/**
 * "as of" on a figure is its filing date (the day it could first be known). An estimated filing date
 * (period end + the SEC deadline, or borrowed from the period's first filing) is marked "≈ … (estimated)".
 */
export function formatFigureAsOf(figure: Pick<Figure, 'as_of'> & { as_of_estimated?: true }): string {
  if (!figure.as_of) return NOT_REPORTED;
  return figure.as_of_estimated ? `as of ≈${figure.as_of} (estimated)` : `as of ${figure.as_of}`;
}

/** A figure's provenance for its tooltip: source and filing date, and the note on a repaired or withheld value. */
export function describeFigureSource(figure: Pick<Figure, 'source' | 'as_of'> & { as_of_estimated?: true; note?: string }): string {
  const origin = figure.source ? `${describeDataSource(figure.source)}, ${formatFigureAsOf(figure)}` : 'Not reported';
  return figure.note ? `${origin}. ${figure.note}` : origin;
}
