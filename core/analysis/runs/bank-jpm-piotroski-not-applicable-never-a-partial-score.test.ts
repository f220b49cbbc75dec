import { describe, expect, it } from 'vitest';
import { openBundledAnalysisData } from '../../../server/adapters/market-data/bundled/analysis-inputs.ts';
import { analysisBuilders } from './index.ts';
import type { FundamentalSections } from './fundamental.ts';

describe('a bank is not scored like a factory: JPM', () => {
  const data = openBundledAnalysisData();

  it('the fundamental analysis has no Piotroski score (not "3 of 9"): it is listed as not applicable, with why', async () => {
    const r = analysisBuilders.fundamental(await data.load('JPM'), 'overview');
    if (!r.ok) throw new Error(r.error.message);
    const sections = r.value.sections as unknown as FundamentalSections;
    expect(r.value.facts.find((f) => f.key === 'piotroski_f')).toBeUndefined();
    expect(r.value.facts.find((f) => f.key === 'piotroski_tests_run')).toBeUndefined();
    expect(sections.piotroski).toBeNull();
    const na = sections.missing.filter((m) => m.not_applicable).map((m) => [m.key, m.reason]);
    expect(na).toEqual(
      expect.arrayContaining([
        ['piotroski_f', expect.stringContaining('not applicable to banks')],
        ['altman_z', expect.stringContaining('not defined for banks')],
      ]),
    );
    // Nothing the note says leans on a score the page calls not applicable.
    const text = [r.value.note.headline, ...r.value.note.strengths, ...r.value.note.risks, r.value.note.verdict].map((s) => s.text).join(' ');
    expect(text).not.toMatch(/Piotroski|Altman/);
  });

  it('an industrial company keeps its score: AAPL’s Piotroski is computed from all nine tests', async () => {
    const r = analysisBuilders.fundamental(await data.load('AAPL'), 'overview');
    if (!r.ok) throw new Error(r.error.message);
    expect(r.value.facts.find((f) => f.key === 'piotroski_tests_run')?.value).toBe(9);
    expect((r.value.sections as unknown as FundamentalSections).missing.filter((m) => m.not_applicable)).toEqual([]);
  });
});
