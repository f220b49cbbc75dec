import type { Figure, LineUnit } from '../../../../core/market/types.ts';

/** "Not reported" is always an em dash, never 0. */
export const NOT_REPORTED = '—';

export const formatPrice = (v: number | null | undefined, currency = 'USD') =>
  v === null || v === undefined ? NOT_REPORTED : v.toLocaleString('en-US', { style: 'currency', currency, minimumFractionDigits: 2, maximumFractionDigits: 2 });

export const formatSigned = (v: number | null | undefined, digits = 2) =>
  v === null || v === undefined ? NOT_REPORTED : `${v > 0 ? '+' : v < 0 ? '−' : ''}${Math.abs(v).toFixed(digits)}`;

export const formatPercent = (v: number | null | undefined, signed = false) =>
  v === null || v === undefined ? NOT_REPORTED : `${signed ? formatSigned(v) : v.toFixed(2)}%`;

/** $416.16B, −$2.72B, $950.0M: compact money for statements. */
export function formatCompactUsd(v: number | null | undefined): string {
  if (v === null || v === undefined) return NOT_REPORTED;
  const a = Math.abs(v);
  const sign = v < 0 ? '−' : '';
  if (a >= 1e12) return `${sign}$${(a / 1e12).toFixed(2)}T`;
  if (a >= 1e9) return `${sign}$${(a / 1e9).toFixed(2)}B`;
  if (a >= 1e6) return `${sign}$${(a / 1e6).toFixed(1)}M`;
  if (a >= 1e3) return `${sign}$${(a / 1e3).toFixed(1)}K`;
  return `${sign}$${a.toFixed(0)}`;
}

export function formatCompactNumber(v: number | null | undefined): string {
  if (v === null || v === undefined) return NOT_REPORTED;
  return v.toLocaleString('en-US', { notation: 'compact', maximumFractionDigits: 2 });
}

export function formatFigure(v: number | null | undefined, unit: LineUnit): string {
  if (v === null || v === undefined) return NOT_REPORTED;
  if (unit === 'USD/share') return `${v < 0 ? '−' : ''}$${Math.abs(v).toFixed(2)}`;
  if (unit === 'shares') return formatCompactNumber(v);
  return formatCompactUsd(v);
}

/** Tone of a change: green up, red down, grey flat or unknown. */
export const changeTone = (v: number | null | undefined) =>
  v === null || v === undefined || v === 0 ? 'text-slate-600' : v > 0 ? 'text-emerald-700' : 'text-red-600';

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
  const origin = figure.source ? `${figure.source}, ${formatFigureAsOf(figure)}` : 'Not reported';
  return figure.note ? `${origin}. ${figure.note}` : origin;
}
