import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../../test/db.ts';
import { type CopilotTest, startCopilotTest } from './copilot-test-kit.ts';
import { openToolSession, runCopilotTool } from './tools/index.ts';

// The tools hand the model (and the offline writer) each input's share of a rating or grade, so "why"
// is answered from figures: the shares of the votes sum to the rating score the page shows.
describeEachDatabase('copilot tools carry the attribution', (kind) => {
  let k: CopilotTest;
  let user: string;
  beforeAll(async () => {
    k = await startCopilotTest(kind);
    user = await k.createUser();
  });
  afterAll(async () => k?.db.close());
  const tool = (name: string, input: unknown) => runCopilotTool(openToolSession(k.toolDeps, user), { tool: name, input });

  it('get_technical_rating AAPL: one technical_rating_by_<vote> fact per vote that moved it; 0 + Σ shares = the score (in ten-thousandths)', async () => {
    const r = await tool('get_technical_rating', { symbol: 'AAPL' });
    const shares = r.facts.filter((f) => f.key.startsWith('technical_rating_by_'));
    const votes = r.facts.filter((f) => f.key.startsWith('vote_') && f.value !== 'Neutral');
    expect(shares.length).toBe(votes.length);
    const units = shares.reduce((s, f) => s + Math.round((f.value as number) * 10_000), 0);
    const score = r.facts.find((f) => f.key === 'technical_rating_score')!.value as number;
    // the score fact keeps 2 decimals, the shares 4: they agree to the fact's rounding
    expect(Math.abs(units / 10_000 - score)).toBeLessThanOrEqual(0.005);
    expect(shares[0]!.label).toMatch(/: contribution to the technical rating$/);
    expect(shares.every((f) => f.href === '/technical/AAPL')).toBe(true);
  });

  it('get_scores KO: each grade’s metric shares, linked to the tab that shows the grade', async () => {
    const r = await tool('get_scores', { symbol: 'KO' });
    const shares = r.facts.filter((f) => f.key.startsWith('grade_value_by_'));
    expect(shares.length).toBeGreaterThan(0);
    expect(shares.every((f) => f.href === '/fundamental-analysis/KO/overview')).toBe(true);
    expect(r.facts.some((f) => f.key.startsWith('altman_z_by_'))).toBe(true);
  });
});
