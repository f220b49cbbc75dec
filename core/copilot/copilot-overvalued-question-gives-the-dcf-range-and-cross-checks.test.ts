import { describe, expect, it } from 'vitest';
import { openBundledAnalysisData } from '../../server/adapters/market-data/bundled/analysis-inputs.ts';
import { analysisBuilders } from '../analysis/runs/index.ts';
import { createOfflineAsker, findUnbackedInDraft } from '../test-kit/copilot-test-kit.ts';

const data = openBundledAnalysisData();
const asker = createOfflineAsker(data);
const { load } = asker;

const ask = (question: string) => asker.ask(question);

/** The DCF page's own figure for a key. */
async function dcfPage(symbol: string, key: string) {
  const built = analysisBuilders.dcf(await load(symbol), null);
  if (!built.ok) throw new Error(built.error.message);
  return built.value.facts.find((f) => f.key === key)?.value;
}

describe("'is X over/undervalued' gives the DCF's fair value with its range and cross-checks", () => {
  it("'Is AAPL undervalued?': fair value $205.73 against $308.63, range $128.92–$301.95, price above the bull case; cross-checks $135.48 (model) and $322.81 (sector multiples)", async () => {
    const a = await ask('Is AAPL undervalued?');
    expect(a.intent).toBe('valuation');
    expect(findUnbackedInDraft(a)).toEqual([]);
    // The figures are the DCF page's, not recomputed.
    for (const key of ['fair_value_per_share', 'fair_value_low', 'fair_value_high', 'model_value_per_share', 'relative_value_per_share'])
      expect(a.facts.find((f) => f.key === key)?.value, key).toBe(await dcfPage('AAPL', key));
    expect(a.text).toContain('Its range runs from $128.92 [4] (bear case) to $301.95 [5] (bull case); the price is above even the bull case.');
    expect(a.text).toContain("The blend's cross-checks: value per share from the model $135.48 [6], value per share at sector multiples $322.81 [7].");
    // $308.63 > $301.95: above the range, so the downside is stated without "not clear-cut".
    expect(a.text).toContain('look overvalued');
    expect(a.text).not.toContain('not clear-cut');
  });

  it("'is KO overvalued': three cross-checks, the dividend discount model among them", async () => {
    const a = await ask('is KO overvalued');
    expect(findUnbackedInDraft(a)).toEqual([]);
    expect(a.text).toMatch(/value per share from dividends \(DDM\) \$\d+\.\d\d \[8\]/);
  });
});
