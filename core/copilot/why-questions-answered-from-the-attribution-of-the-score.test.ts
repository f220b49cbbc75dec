import { beforeAll, describe, expect, it } from 'vitest';
import { openBundledAnalysisData } from '../../server/adapters/market-data/bundled/analysis-inputs.ts';
import type { AnalysisInputs } from '../analysis/analysis-types.ts';
import { buildFundamental } from '../analysis/runs/fundamental.ts';
import { findUnbackedInDraft, runToolOnBuilders } from './copilot-test-kit.ts';
import type { CopilotDraft, SymbolDirectoryEntry } from './copilot-types.ts';
import { planOfflineAnswer } from './plan-offline-answer.ts';

/*
 * "Why is the grade what it is?" offline: the scores tool returns each input's contribution
 * (`grade_profitability_by_roe`…), the answer names the largest pushes each way with those figures, and
 * every number passes the number check.
 */

const data = openBundledAnalysisData();
const cache = new Map<string, Promise<AnalysisInputs>>();
const load = (symbol: string) => {
  if (!cache.has(symbol)) cache.set(symbol, data.load(symbol));
  return cache.get(symbol)!;
};
let directory: SymbolDirectoryEntry[];

beforeAll(async () => {
  const { file } = await data.provider.listings();
  directory = file.symbol.map((symbol, i) => ({ symbol, name: file.name[i]!, type: file.etf[i] ? 'etf' : 'stock' }));
});

async function ask(question: string): Promise<CopilotDraft & { intent: string }> {
  const plan = planOfflineAnswer(question, directory);
  if (plan.kind !== 'tools') throw new Error(`expected tool calls for "${question}", got ${plan.kind}`);
  const results = await Promise.all(plan.calls.map((c) => runToolOnBuilders(c, load)));
  return { ...plan.compose(results), intent: plan.intent };
}

describe('why a grade or score is what it is', () => {
  it("AAPL's profitability grade: led by return on equity, the same share as the profitability tab's attribution", async () => {
    const a = await ask("Why is Apple's profitability grade what it is?");
    expect(a.intent).toBe('score_reason');
    const page = buildFundamental(await load('AAPL'), 'profitability');
    if (!page.ok) throw new Error(page.error.message);
    const grade = page.value.attribution.find((x) => x.target === 'grade_profitability')!;
    const top = [...grade.contributions].sort((x, y) => y.contribution - x.contribution)[0]!;
    // the answer's first push is the attribution's largest contribution, quoted at the page's value
    expect(a.text).toContain(`Pushing it up most: ${top.label} (+${top.contribution.toFixed(2)} [2]`);
    expect(a.facts.map((f) => f.key)).toContain(`grade_profitability_by_${top.key}`);
    expect(a.facts[0]!.key).toBe('grade_profitability');
    // only the profitability grade: "profitability" names the grade here, not the net margin
    expect(a.facts.some((f) => f.key.startsWith('grade_value') || f.key === 'net_margin')).toBe(false);
    expect(findUnbackedInDraft(a)).toEqual([]);
  });

  it("KO's Altman Z: its weighted ratios, largest first, each a fact; the shares sum to the score", async () => {
    const a = await ask('Why is the Altman Z of KO where it is?');
    expect(a.intent).toBe('score_reason');
    expect(a.text).toMatch(/Altman Z″? is \d+\.\d\d \[1\]/);
    const shares = a.facts.filter((f) => f.key.startsWith('altman_z_by_'));
    expect(shares.length).toBeGreaterThan(0);
    expect(findUnbackedInDraft(a)).toEqual([]);
  });

  it('without "why", the same metric is a plain metric answer', async () => {
    expect((await ask("What is KO's Altman Z?")).intent).toBe('metric');
  });
});
