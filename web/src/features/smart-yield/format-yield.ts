import { describeDividendStreak } from '../../../../core/analysis/fundamentals/dividend-history.ts';
import type { HoldingYieldResponse } from '../../../../server/features/smart-yield/smart-yield.routes.ts';

export const NOT_AVAILABLE = '—';

/** Cents as dollars: 123456 → $1,234.56. */
export const formatCents = (cents: number | null | undefined) =>
  cents === null || cents === undefined ? NOT_AVAILABLE : (cents / 100).toLocaleString('en-US', { style: 'currency', currency: 'USD' });

export const formatPct = (pct: number | null | undefined, digits = 2) => (pct === null || pct === undefined ? NOT_AVAILABLE : `${pct.toFixed(digits)}%`);

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** "2026-09" → "Sep"; with the year: "Sep 2026". */
export const formatMonth = (month: string, withYear = false) => `${MONTHS[Number(month.slice(5, 7)) - 1]}${withYear ? ` ${month.slice(0, 4)}` : ''}`;

type Safety = NonNullable<HoldingYieldResponse['safety']>;

export const SAFETY_BAND_LABELS: Record<Safety['band'], string> = {
  very_safe: 'Very safe',
  safe: 'Safe',
  borderline: 'Borderline',
  unsafe: 'Unsafe',
  very_unsafe: 'Very unsafe',
};

export const SAFETY_BAND_CLASSES: Record<Safety['band'], string> = {
  very_safe: 'bg-positive-muted text-positive-strong',
  safe: 'bg-positive-muted text-positive-strong',
  borderline: 'bg-warning-muted text-warning-strong',
  unsafe: 'bg-warning-muted text-warning-strong',
  very_unsafe: 'bg-negative-muted text-negative-strong',
};

export const SAFETY_COMPONENT_LABELS: Record<Safety['components'][number]['id'], string> = {
  payout: 'Payout ratio (earnings)',
  fcf_cover: 'Free cash flow cover',
  leverage: 'Net debt / EBITDA',
  streak: 'Years without a dividend cut',
  earnings_stability: 'Stable earnings years',
};

export function formatSafetyValue(c: Safety['components'][number]): string {
  if (c.value === null) return NOT_AVAILABLE;
  if (c.id === 'payout' || c.id === 'earnings_stability') return `${(c.value * 100).toFixed(0)}%`;
  if (c.id === 'streak') return c.note ?? describeDividendStreak({ years: c.value, clipped: false, dataFrom: 0 });
  return `${c.value.toFixed(2)}×`;
}

/** The growth streak as every page words a streak ("12 years", "at least 10 years (data from 2015)"). */
export function formatStreak(h: Pick<HoldingYieldResponse, 'growth_streak_years' | 'growth_streak_at_least' | 'growth_streak_data_from'>): string {
  if (h.growth_streak_years === null) return NOT_AVAILABLE;
  return describeDividendStreak({ years: h.growth_streak_years, clipped: h.growth_streak_at_least, dataFrom: h.growth_streak_data_from ?? 0 });
}
