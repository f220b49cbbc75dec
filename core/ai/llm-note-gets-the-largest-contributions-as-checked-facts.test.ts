import { beforeAll, describe, expect, it } from 'vitest';
import { openBundledAnalysisData } from '../../server/adapters/market-data/bundled/analysis-inputs.ts';
import type { AnalysisBody } from '../analysis/analysis-types.ts';
import { buildFundamental } from '../analysis/runs/fundamental.ts';
import { formatFactValue } from '../facts/format-fact.ts';
import { buildNotePrompt, checkDraftNote } from './analysis-note-prompt.ts';

/*
 * The LLM writer reads the biggest lift and drag of each grade among its facts (`grade_growth_top_drag`
 * = −10.42 for AAPL's growth grade): a draft quoting them passes the number check, a draft with a
 * contribution the attribution does not hold is rejected.
 */
let body: AnalysisBody;
beforeAll(async () => {
  const inputs = await openBundledAnalysisData().load('AAPL');
  const r = buildFundamental(inputs, 'growth');
  if (!r.ok) throw new Error(r.error.message);
  body = r.value;
});

describe('attribution in the LLM writer’s facts', () => {
  it('the prompt lists the growth grade’s largest drag as a fact row, and the guide note cites it', () => {
    const drag = body.facts.find((f) => f.key === 'grade_growth_top_drag')!;
    const a = body.attribution.find((x) => x.target === 'grade_growth')!;
    const worst = [...a.contributions].sort((x, y) => x.contribution - y.contribution)[0]!;
    expect(drag.value).toBe(worst.contribution);
    const prompt = buildNotePrompt({ kind: 'fundamental', subtype: 'growth', symbol: 'AAPL', name: 'Apple Inc.', facts: body.facts, guide: body.note });
    expect(prompt).toContain(`grade_growth_top_drag | ${drag.label} | ${formatFactValue(drag)} | score |`);
    expect(body.note.verdict.fact_keys).toContain('grade_growth_top_drag');
  });

  it(`a draft saying the drag is its value passes; nudged by 1.5 it is rejected`, () => {
    const drag = body.facts.find((f) => f.key === 'grade_growth_top_drag')!.value as number;
    const say = (v: number) => ({
      ...body.note,
      verdict: { text: `Growth is held back most by sales growth, at ${v.toFixed(2)} of the sector percentile.`, fact_keys: ['grade_growth_top_drag'] },
    });
    expect(checkDraftNote(say(drag), body.facts, ['Apple Inc.', 'AAPL'])).toEqual([]);
    expect(checkDraftNote(say(drag - 1.5), body.facts, ['Apple Inc.', 'AAPL']).join(' ')).toMatch(/numbers not in the facts/);
  });
});
