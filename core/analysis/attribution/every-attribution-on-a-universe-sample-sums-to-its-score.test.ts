import { describe, expect, it } from 'vitest';
import { openBundledAnalysisData } from '../../../server/adapters/market-data/bundled/analysis-inputs.ts';
import { type AnalysisBody, type AnalysisKind, fundamentalSubtypes } from '../analysis-types.ts';
import { analysisBuilders, checkAvailability } from '../runs/index.ts';
import { sumsExactly, toUnits } from './attribution-types.ts';
import { dragKey, findDrivers, liftKey } from './driver-facts.ts';

/*
 * Every 25th listing of the snapshot, every kind available for it: each attribution sums to its score
 * (base + Σ contributions, in whole units of its decimals), its score is the figure the facts show, and
 * its driver facts are its largest contributions each way.
 */

const kinds: AnalysisKind[] = ['overview', 'technical', 'balance-sheet', 'dcf', 'etf', 'fundamental'];

function checkAttribution(body: AnalysisBody): string[] {
  const problems: string[] = [];
  const facts = new Map(body.facts.map((f) => [f.key, f]));
  for (const a of body.attribution) {
    const total = a.contributions.reduce((s, c) => s + toUnits(c.contribution, a.decimals), toUnits(a.base, a.decimals));
    if (!sumsExactly(a)) problems.push(`${a.target}: ${a.base} + Σ = ${total} units ≠ ${toUnits(a.score, a.decimals)}`);
    const target = facts.get(a.target);
    // grades and ratings are labels among the facts; scores are numbers rounded to 2 decimals
    if (target && typeof target.value === 'number' && Math.abs(target.value - a.score) > 0.005 + 1e-9)
      problems.push(`${a.target}: attribution ${a.score} vs fact ${target.value}`);
    if (target && typeof target.value === 'string' && a.verdict !== null && target.value !== a.verdict)
      problems.push(`${a.target}: verdict ${a.verdict} vs fact ${target.value}`);
    const { lift, drag } = findDrivers(a);
    const up = facts.get(liftKey(a.target));
    if (up && (!lift || Math.abs((up.value as number) - lift.contribution) > 0.005 + 1e-9))
      problems.push(`${a.target}: lift fact ${up.value} vs ${lift?.contribution}`);
    const down = facts.get(dragKey(a.target));
    if (down && (!drag || Math.abs((down.value as number) - drag.contribution) > 0.005 + 1e-9))
      problems.push(`${a.target}: drag fact ${down.value} vs ${drag?.contribution}`);
  }
  return problems;
}

describe('attribution over a sample of the universe', () => {
  it('every attribution of every available kind sums to its score and matches its facts', async () => {
    const data = openBundledAnalysisData();
    const listings = await data.provider.listings();
    const symbols = listings.file.symbol.filter((_, i) => i % 25 === 0);
    const problems: string[] = [];
    const targets = new Map<AnalysisKind, Set<string>>();
    let attributions = 0;
    for (const symbol of symbols) {
      const listing = await data.provider.getListing(symbol);
      const profile = await data.provider.getProfile!(symbol);
      if (!listing || !profile || !listing.coverage.history) continue;
      const inputs = await data.load(symbol);
      for (const kind of kinds) {
        if (checkAvailability(kind, { profile, coverage: listing.coverage })) continue;
        for (const subtype of kind === 'fundamental' ? fundamentalSubtypes : [null]) {
          const r = analysisBuilders[kind](inputs, subtype);
          if (!r.ok) continue;
          attributions += r.value.attribution.length;
          for (const a of r.value.attribution) targets.set(kind, (targets.get(kind) ?? new Set()).add(a.target));
          for (const p of checkAttribution(r.value)) problems.push(`${symbol} ${kind} ${subtype ?? ''}: ${p}`);
        }
      }
    }
    expect(problems).toEqual([]);
    expect(attributions).toBeGreaterThan(300);
    // each kind attributes what it grades or rates; an ETF analysis has no grade to explain
    expect([...(targets.get('technical') ?? [])]).toEqual(['technical_rating']);
    // the DCF explains the model's own value; the blend with the cross-checks is shown with its weights beside it
    expect(targets.get('dcf')).toEqual(new Set(['model_value_per_share']));
    expect(targets.get('balance-sheet')).toEqual(new Set(['piotroski_f', 'altman_z']));
    for (const t of ['technical_rating', 'grade_value', 'grade_growth', 'grade_profitability', 'grade_health', 'grade_momentum', 'piotroski_f', 'altman_z'])
      expect(targets.get('overview')?.has(t)).toBe(true);
    for (const t of ['dividend_safety', 'beneish_m']) expect(targets.get('fundamental')?.has(t)).toBe(true);
    expect(targets.has('etf')).toBe(false);
  }, 120_000);
});
