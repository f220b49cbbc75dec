import { describeDividendStreak } from '../fundamentals/dividend-history.ts';
import type { AltmanScore } from '../fundamentals/altman.ts';
import { BENEISH_INTERCEPT, type BeneishScore } from '../fundamentals/beneish.ts';
import { classifySafetyBand, type DividendSafety, SAFETY_BANDS, type SafetyComponentId } from '../fundamentals/dividend-safety.ts';
import type { PiotroskiScore } from '../fundamentals/piotroski.ts';
import { type ExactContribution, formatPercent, formatReading, roundAttribution } from './apportion.ts';
import type { Attribution } from './attribution-types.ts';

/** Points scores (Altman Z, Beneish M, dividend safety) keep the two decimals their facts show. */
const POINTS_DECIMALS = 2;

/** Piotroski F: base 0, one point per test passed; a test without its inputs scores 0 and says what it lacked. */
export function attributePiotroski(p: PiotroskiScore): Attribution {
  const items: ExactContribution[] = p.tests.map((t) => ({
    key: t.id,
    label: t.label,
    value: t.current,
    exact: t.passed ? 1 : 0,
    explain: (c) => {
      if (t.passed === null) return `not run: missing ${t.missing.join(', ')} (${c})`;
      const compared = t.prior === null ? '' : `${formatReading(t.current!)} against ${formatReading(t.prior)}: `;
      return `${compared}${t.passed ? 'passed' : 'failed'} (${c})`;
    },
  }));
  return roundAttribution({
    target: 'piotroski_f',
    label: `Piotroski F-score ${p.score} of 9 (FY${p.fiscalYear})`,
    unit: 'points',
    decimals: 0,
    base: 0,
    score: p.score,
    verdict: null,
    items,
  });
}

const ZONE_WORDS = { safe: 'Safe', grey: 'Grey', distress: 'Distress' } as const;

/** Altman Z (or Z″): base 0, each ratio times its weight. */
export function attributeAltman(a: AltmanScore): Attribution {
  const items: ExactContribution[] = a.variables.map((v) => ({
    key: `altman_${v.id}`,
    label: `${v.label} (${v.id.toUpperCase()})`,
    value: v.value,
    exact: v.weight * v.value,
    explain: (c) => `${formatReading(v.value)} × ${v.weight} = ${c}`,
  }));
  return roundAttribution({
    target: 'altman_z',
    label: `${a.model === 'z' ? 'Altman Z' : 'Altman Z″'} ${a.score.toFixed(2)}: ${ZONE_WORDS[a.zone]} zone`,
    unit: 'points',
    decimals: POINTS_DECIMALS,
    base: 0,
    score: a.score,
    verdict: ZONE_WORDS[a.zone],
    items,
  });
}

/** Beneish M: Beneish's intercept −4.84 as the base, each index times its coefficient. */
export function attributeBeneish(b: BeneishScore): Attribution {
  const items: ExactContribution[] = b.variables.map((v) => ({
    key: v.id,
    label: v.label,
    value: v.value,
    exact: v.coefficient * v.value,
    explain: (c) => `${formatReading(v.value)} × ${v.coefficient} = ${c}`,
  }));
  return roundAttribution({
    target: 'beneish_m',
    label: `Beneish M-score ${b.m.toFixed(2)}${b.likelyManipulator ? ': above −1.78, flagged' : ': below −1.78'}`,
    unit: 'points',
    decimals: POINTS_DECIMALS,
    base: BENEISH_INTERCEPT,
    score: b.m,
    verdict: b.likelyManipulator ? 'Flagged' : 'Not flagged',
    items,
  });
}

const SAFETY_LABELS: Record<SafetyComponentId, string> = {
  payout: 'Payout ratio (earnings)',
  fcf_cover: 'Free cash flow cover',
  leverage: 'Net debt / EBITDA',
  streak: 'Years without a dividend cut',
  earnings_stability: 'Earnings stability',
};

const formatSafetyValue = (id: SafetyComponentId, v: number) =>
  id === 'payout' || id === 'earnings_stability'
    ? formatPercent(v)
    : id === 'streak'
      ? describeDividendStreak({ years: v, clipped: false, dataFrom: 0 })
      : `${formatReading(v)}×`;

/**
 * Dividend safety: base 0; each measured component earns weight × points, re-scaled to 100 over the
 * weights measured, so its share is 100 × weight × points / Σ measured weights.
 */
export function attributeDividendSafety(s: DividendSafety): Attribution {
  const measured = s.components.reduce((sum, c) => sum + (c.points === null ? 0 : c.weight), 0);
  const items: ExactContribution[] = s.components.map((c) => ({
    key: c.id,
    label: SAFETY_LABELS[c.id],
    value: c.value,
    exact: c.points === null ? 0 : (100 * c.weight * c.points) / measured,
    explain: (share) => {
      if (c.points === null) return `not counted: ${c.note ?? 'not measurable'}`;
      // A clipped streak's note is its wording ("at least 10 years (data from 2015)").
      const earns = `${(c.points * 100).toFixed(0)} % of its ${c.weight} points: 100 × ${c.weight} × ${c.points.toFixed(3)} / ${measured} = ${share}`;
      // A reading the engine could not state (a payout over a loss) is its reason, and the points follow from it.
      if (c.value === null) return `${c.note ?? 'not measurable'}, so it earns ${earns}`;
      const reading = c.id === 'streak' && c.note ? c.note : formatSafetyValue(c.id, c.value);
      return `${reading} earns ${earns}`;
    },
  }));
  const band = SAFETY_BANDS.find((b) => b.band === classifySafetyBand(s.score))!.label;
  return roundAttribution({
    target: 'dividend_safety',
    label: `Dividend safety ${s.score.toFixed(2)} of 100: ${band}`,
    unit: 'points',
    decimals: POINTS_DECIMALS,
    base: 0,
    score: s.score,
    verdict: band,
    items,
  });
}
