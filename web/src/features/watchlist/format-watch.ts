import { describeRating } from '../../../../core/analysis/runs/technical.ts';
import type { RatingLabel } from '../../../../core/analysis/technical-rating.ts';

export const DASH = '—';
const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 2 });

export const formatUsdPrice = (v: number | null | undefined) => (v === null || v === undefined ? DASH : usd.format(v));
export const formatSignedPercent = (v: number | null | undefined, digits = 2) =>
  v === null || v === undefined ? DASH : `${v > 0 ? '+' : v < 0 ? '−' : ''}${Math.abs(v).toFixed(digits)}%`;
export const toneOf = (v: number | null | undefined) =>
  v === null || v === undefined || v === 0 ? 'text-slate-600' : v > 0 ? 'text-emerald-700' : 'text-red-700';
export const ratingWords = (label: RatingLabel | null | undefined) => (label ? describeRating(label) : DASH);
export const ratingTone = (label: RatingLabel | null | undefined) =>
  !label || label === 'neutral' ? 'bg-slate-100 text-slate-700' : label.endsWith('buy') ? 'bg-emerald-100 text-emerald-800' : 'bg-red-100 text-red-800';
