import { describe, expect, it } from 'vitest';
import { openBundledAnalysisData } from '../../../server/adapters/market-data/bundled/analysis-inputs.ts';
import { type AnalysisBody, fundamentalSubtypes } from '../analysis-types.ts';
import { describeUnbacked, findUnbackedNumbers } from '../writer/index.ts';
import { analysisBuilders, checkAvailability } from './index.ts';

/*
 * Every 25th listing of the snapshot (a few dozen stocks and ETFs of every size and sector), every kind
 * that is available for it: no fact is NaN or infinite, keys are unique, every cited key exists, and no
 * sentence holds a number that is not a fact, tells the reader what to do, or has a doubled space.
 */

/** Words that tell the reader what to do rather than what the figures show. */
const ADVICE = /\b(you should|should (buy|sell|hold)|buy now|worth buying|demand a margin|to appeal|consider (buying|selling)|better as a)\b/i;

function checkBody(body: AnalysisBody, name: string): string[] {
  const problems: string[] = [];
  const keys = new Set<string>();
  for (const f of body.facts) {
    if (keys.has(f.key)) problems.push(`duplicate fact ${f.key}`);
    keys.add(f.key);
    if (typeof f.value === 'number' && !Number.isFinite(f.value)) problems.push(`${f.key} is ${f.value}`);
    if (!f.as_of || f.as_of > body.as_of) problems.push(`${f.key} as of ${f.as_of} after ${body.as_of}`);
  }
  for (const s of [body.note.headline, ...body.note.strengths, ...body.note.risks, body.note.verdict]) {
    for (const k of s.fact_keys) if (!keys.has(k)) problems.push(`cites missing ${k}: ${s.text}`);
  }
  // A note describes; it does not tell the reader what to do (issue 31: advice-like wording).
  for (const s of [body.note.headline, ...body.note.strengths, ...body.note.risks, body.note.verdict]) {
    if (ADVICE.test(s.text)) problems.push(`advice-like wording: ${s.text}`);
    if (/\s{2,}/.test(s.text)) problems.push(`doubled space: ${s.text}`);
  }
  const unbacked = findUnbackedNumbers(body.note, body.facts, [name]);
  if (unbacked.length) problems.push(`unbacked ${describeUnbacked(unbacked)}`);
  return problems;
}

describe('a sample of the universe', () => {
  it('every available kind builds a clean body or refuses with a typed reason', async () => {
    const data = openBundledAnalysisData();
    const listings = await data.provider.listings();
    const symbols = listings.file.symbol.filter((_, i) => i % 25 === 0);
    const problems: string[] = [];
    let built = 0;
    for (const symbol of symbols) {
      const listing = await data.provider.getListing(symbol);
      const profile = await data.provider.getProfile!(symbol);
      if (!listing || !profile || !listing.coverage.history) continue;
      const inputs = await data.load(symbol);
      for (const kind of ['overview', 'technical', 'balance-sheet', 'dcf', 'etf', 'fundamental'] as const) {
        if (checkAvailability(kind, { profile, coverage: listing.coverage })) continue;
        for (const subtype of kind === 'fundamental' ? fundamentalSubtypes : [null]) {
          const r = analysisBuilders[kind](inputs, subtype);
          if (!r.ok) {
            if (!r.error.message) problems.push(`${symbol} ${kind}: failure without a message`);
            continue;
          }
          built++;
          for (const p of checkBody(r.value, profile.name)) problems.push(`${symbol} ${kind} ${subtype ?? ''}: ${p}`);
        }
      }
    }
    expect(problems).toEqual([]);
    expect(built).toBeGreaterThan(100);
  }, 120_000);
});
