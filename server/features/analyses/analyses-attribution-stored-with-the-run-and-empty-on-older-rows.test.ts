import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeOnPglite } from '../../test/db.ts';
import { type AnalysesTest, startAnalysesTest } from '../../test/analyses-test-kit.ts';

interface Attribution {
  target: string;
  score: number;
  base: number;
  decimals: number;
  contributions: Array<{ key: string; contribution: number }>;
}

const units = (x: number, d: number) => Math.round(x * 10 ** d);

describeOnPglite('attribution through the API', (kind) => {
  let k: AnalysesTest;
  beforeAll(async () => {
    k = await startAnalysesTest(kind);
  });
  afterAll(async () => k?.db.close());

  it('a technical run stores the rating’s votes as contributions that sum to its score, and re-opening serves the same', async () => {
    const u = await k.createUser();
    const run = await k.as(u).run({ symbol: 'AAPL', kind: 'technical' });
    expect(run.status).toBe(201);
    const [rating] = run.body.attribution as Attribution[];
    expect(rating!.target).toBe('technical_rating');
    // 15 moving averages + 11 oscillators, cast or omitted
    expect(rating!.contributions).toHaveLength(26);
    const sum = rating!.contributions.reduce((s, c) => s + units(c.contribution, rating!.decimals), units(rating!.base, rating!.decimals));
    expect(sum).toBe(units(rating!.score, rating!.decimals));
    const score = run.body.facts.find((f: { key: string }) => f.key === 'technical_rating_score').value;
    expect(Math.abs(rating!.score - score)).toBeLessThanOrEqual(0.005);
    const opened = await k.as(u).open(run.body.id);
    expect(opened.body.attribution).toEqual(run.body.attribution);
  });

  it('an ETF analysis has no grade to explain: attribution []', async () => {
    const u = await k.createUser();
    const run = await k.as(u).run({ symbol: 'SPY', kind: 'etf' });
    expect(run.status).toBe(201);
    expect(run.body.attribution).toEqual([]);
  });

  it('a row stored before attribution existed (its body has no attribution) is served with attribution [] and the rest intact', async () => {
    const u = await k.createUser();
    const run = await k.as(u).run({ symbol: 'MSFT', kind: 'balance-sheet' });
    expect(run.body.attribution.map((a: Attribution) => a.target)).toEqual(['piotroski_f', 'altman_z']);
    await k.db.query(sql`UPDATE analyses SET body = body - 'attribution' WHERE id = ${run.body.id}`);
    const opened = await k.as(u).open(run.body.id);
    expect(opened.status).toBe(200);
    expect(opened.body.attribution).toEqual([]);
    expect(opened.body.facts).toEqual(run.body.facts);
  });
});
