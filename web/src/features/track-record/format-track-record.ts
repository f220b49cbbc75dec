import { tokenCosts } from '../../../../core/tokens/costs.ts';

/** The kind's name as the price list says it ("Technical Analysis", "DCF Valuation"). */
export const nameKind = (kind: string) => tokenCosts.find((c) => c.action === kind)?.name ?? kind;

export const formatCount = (n: number) => n.toLocaleString('en-US');

/** 53.1 % */
export const formatRate = (percent: number | null) => (percent === null ? '—' : `${percent.toFixed(1)} %`);

/** Signed percentage points: +1.23 pp, −0.50 pp. */
export const formatPoints = (pp: number | null, unit = 'pp') => (pp === null ? '—' : `${pp > 0 ? '+' : pp < 0 ? '−' : '±'}${Math.abs(pp).toFixed(2)} ${unit}`);

/** 2021-07 → Jul 2021 */
export const formatMonth = (month: string) =>
  new Date(`${month}-01T00:00:00Z`).toLocaleDateString('en-US', { month: 'short', year: 'numeric', timeZone: 'UTC' });

export const describeHorizon = (months: number) => (months === 1 ? '1 month' : `${months} months`);
