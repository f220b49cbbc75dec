import { describe, expect, it } from 'vitest';
import { openBundledAnalysisData } from '../../../server/adapters/market-data/bundled/analysis-inputs.ts';
import { type AnalysisBody, fundamentalSubtypes } from '../analysis-types.ts';
import { analysisBuilders, checkAvailability } from './index.ts';

/** The verdict's tone, read back from its words (core/analysis/writer/company-rules.ts writeCompanyVerdict). */
function readTone(verdict: string): 'favourable' | 'good_tilt' | 'offset' | 'bad_tilt' | 'unfavourable' {
  if (/stands out|clearly stronger|shows strengths and no red flags/.test(verdict)) return 'favourable';
  if (/weaknesses outweigh/.test(verdict)) return 'unfavourable';
  if (/tilted to the good|has the edge: the strengths? above and no red flag/.test(verdict)) return 'good_tilt';
  if (/tilted to the bad|on the back foot: the risks? above and no strength/.test(verdict)) return 'bad_tilt';
  if (/roughly offset|strong or weak enough to note|above (is a mild one|are mild|is a modest one|are modest)/.test(verdict)) return 'offset';
  throw new Error(`unknown verdict: ${verdict}`);
}

// A shown strength or risk cites its facts; the closing "nothing else clears our bar" sentence cites none.
const countShown = (sentences: AnalysisBody['note']['strengths']) => sentences.filter((s) => s.fact_keys.length > 0).length;

describe('over every 10th listing of the snapshot', () => {
  it('no company note says its strengths win while it shows fewer strengths than risks, or the reverse', async () => {
    const data = openBundledAnalysisData();
    const listings = await data.provider.listings();
    const problems: string[] = [];
    const seen = new Map<string, number>();
    for (const symbol of listings.file.symbol.filter((_, i) => i % 10 === 0)) {
      const listing = await data.provider.getListing(symbol);
      const profile = await data.provider.getProfile!(symbol);
      if (!listing || !profile || profile.type === 'etf' || !listing.coverage.history) continue;
      const inputs = await data.load(symbol);
      for (const kind of ['overview', 'balance-sheet', 'fundamental'] as const) {
        if (checkAvailability(kind, { profile, coverage: listing.coverage })) continue;
        for (const subtype of kind === 'fundamental' ? fundamentalSubtypes : [null]) {
          const r = analysisBuilders[kind](inputs, subtype);
          if (!r.ok) continue;
          const { note } = r.value;
          const s = countShown(note.strengths);
          const k = countShown(note.risks);
          const tone = readTone(note.verdict.text);
          seen.set(tone, (seen.get(tone) ?? 0) + 1);
          const ok = tone === 'favourable' ? s > k : tone === 'unfavourable' ? k > s : tone === 'good_tilt' ? s >= k : tone === 'bad_tilt' ? k >= s : true;
          if (!ok) problems.push(`${symbol} ${kind} ${subtype ?? ''}: "${tone}" with ${s} strengths and ${k} risks shown`);
          // "the strength above and no red flag" is said only when no risk is shown, and the reverse.
          if (/no red flag/.test(note.verdict.text) && k !== 0) problems.push(`${symbol} ${kind} ${subtype ?? ''}: "no red flag" with ${k} risks shown`);
          if (/no strength in/.test(note.verdict.text) && s !== 0) problems.push(`${symbol} ${kind} ${subtype ?? ''}: "no strength" with ${s} strengths shown`);
        }
      }
    }
    expect(problems).toEqual([]);
    // The sample reaches every tone but the rarest, so the check is not vacuous.
    expect([...seen.keys()].length).toBeGreaterThanOrEqual(4);
  }, 120_000);
});
