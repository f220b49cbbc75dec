import { describe, expect, it } from 'vitest';
import { openBundledAnalysisData } from '../../../server/adapters/market-data/bundled/analysis-inputs.ts';
import { createOfflineAsker } from '../../test-kit/copilot-test-kit.ts';
import { COPILOT_EVAL_SET } from './copilot-eval-set.ts';
import { createOfflineEvalAsker, EVAL_TARGETS, runEvalSet } from './run-copilot-eval.ts';

const asker = createOfflineAsker(openBundledAnalysisData());

describe('the copilot evaluation set, offline (npm run eval:copilot)', () => {
  it('at least 80 questions, 15 of them in conversations; at least 90 % answered right and 100 % charged right', async () => {
    const directory = await asker.listDirectory();
    expect(COPILOT_EVAL_SET.length).toBeGreaterThanOrEqual(80);
    expect(COPILOT_EVAL_SET.filter((c) => c.turns.length > 1).length).toBeGreaterThanOrEqual(15);
    const ask = createOfflineEvalAsker(directory, asker.runTool, asker.readSummary);
    const r = await runEvalSet(COPILOT_EVAL_SET, ask);
    const misses = r.outcomes.filter((o) => !o.answeredRight || !o.chargedRight).map((o) => `${o.question}: ${o.why.join('; ')}`);
    expect(r.chargedRight, misses.join('\n')).toBe(EVAL_TARGETS.chargedRight);
    expect(r.answeredRight, misses.join('\n')).toBeGreaterThanOrEqual(EVAL_TARGETS.answeredRight);
    // The scorer can fail: a wrong expectation is scored as a miss, and a charge where none is due as a wrong charge.
    const wrong = await runEvalSet([{ turns: ['RSI of MSFT'], intent: 'metric', symbols: ['AAPL'], keys: ['pe_ttm'], charged: false }], ask);
    expect(wrong).toMatchObject({ answeredRight: 0, chargedRight: 0 });
    expect(wrong.outcomes[0]).toMatchObject({ answeredRight: false, chargedRight: false, why: ['not about AAPL', 'does not cite pe_ttm'] });
  }, 60_000);
});
