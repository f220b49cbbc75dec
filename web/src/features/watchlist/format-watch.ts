import { formatFactValue } from '../../../../core/facts/format-fact.ts';
import { describeRating } from '../../../../core/analysis/runs/technical.ts';
import type { RatingLabel } from '../../../../core/analysis/technical-rating.ts';

export const DASH = '—';
// Written as every fact is (core/facts/format-fact.ts): "$187.40", "+3.51 %", "−0.14 %".
export const formatUsdPrice = (v: number | null | undefined) => (v === null || v === undefined ? DASH : formatFactValue({ value: v, unit: 'usd_per_share' }));
export const formatSignedPercent = (v: number | null | undefined) =>
  v === null || v === undefined ? DASH : `${v > 0 ? '+' : ''}${formatFactValue({ value: v, unit: 'percent' })}`;
export const toneOf = (v: number | null | undefined) =>
  v === null || v === undefined || v === 0 ? 'text-fg-muted' : v > 0 ? 'text-positive' : 'text-negative';
export const ratingWords = (label: RatingLabel | null | undefined) => (label ? describeRating(label) : DASH);
export const ratingTone = (label: RatingLabel | null | undefined) =>
  !label || label === 'neutral'
    ? 'bg-surface-subtle text-fg-secondary'
    : label.endsWith('buy')
      ? 'bg-positive-muted text-positive-strong'
      : 'bg-negative-muted text-negative-strong';
