import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../../test/db.ts';
import { type AnalysesTest, OPENING_BALANCE_MT, startAnalysesTest } from '../../test/analyses-test-kit.ts';

// A DCF analysis costs 1 token (1,000 mt): 10 − 1 = 9 tokens left after one run.
const AFTER_ONE_DCF_MT = OPENING_BALANCE_MT - 1_000;

describeEachDatabase('a DCF analysis with the studio’s inputs (dcf_inputs)', (kind) => {
  let k: AnalysesTest;
  let defaults: Record<string, number>;
  beforeAll(async () => {
    k = await startAnalysesTest(kind);
    defaults = (await k.t.json('GET', '/api/dcf/AAPL/inputs')).body.defaults;
  });
  afterAll(async () => k?.db.close());

  it('values with those inputs, is charged once (10 − 1 = 9) for a replay, and another body under the key is 409', async () => {
    const u = await k.createUser();
    const inputs = { ...defaults, explicit_growth: 0.12, terminal_growth: 0.02, beta: 1.3 };
    const first = await k.as(u).run({ symbol: 'AAPL', kind: 'dcf', dcf_inputs: inputs }, 'save-with-note-1');
    expect(first.status).toBe(201);
    expect(first.body.sections.assumptions).toMatchObject({ explicit_growth: 0.12, terminal_growth: 0.02, beta: 1.3, beta_basis: 'user_input' });
    expect(await k.balanceMt(u)).toBe(AFTER_ONE_DCF_MT);
    // The note cites the user's growth as theirs, never as history's (no "capped", no growth record fact).
    const facts = first.body.facts as Array<{ key: string; label: string }>;
    expect(facts.find((f) => f.key === 'explicit_growth')?.label).toMatch(/your input/);
    expect(facts.map((f) => f.key)).not.toContain('growth_history');
    expect(JSON.stringify(first.body.note)).not.toMatch(/capped|from history/);

    // The same click again: the stored analysis, not a second charge.
    const replay = await k.as(u).run({ symbol: 'AAPL', kind: 'dcf', dcf_inputs: inputs }, 'save-with-note-1');
    expect([replay.status, replay.body.id]).toEqual([200, first.body.id]);
    // Inputs are part of the fingerprint: other inputs, or none, under the same key are another request.
    const other = await k.as(u).run({ symbol: 'AAPL', kind: 'dcf', dcf_inputs: { ...inputs, explicit_growth: 0.05 } }, 'save-with-note-1');
    expect([other.status, other.body.error.code]).toEqual([422, 'IDEMPOTENCY_KEY_REUSED']);
    const plain = await k.as(u).run({ symbol: 'AAPL', kind: 'dcf' }, 'save-with-note-1');
    expect([plain.status, plain.body.error.code]).toEqual([422, 'IDEMPOTENCY_KEY_REUSED']);
    expect(await k.balanceMt(u)).toBe(AFTER_ONE_DCF_MT);
    expect(await k.storedRowCount(u)).toBe(1);

    // The note's fair value is the one a saved valuation computes from the same inputs (one engine).
    const saved = await k.t.json('POST', '/api/valuations', { symbol: 'AAPL', inputs, analysis_id: first.body.id }, { 'x-test-user-id': u });
    expect(saved.status).toBe(201);
    expect(saved.body.analysis_id).toBe(first.body.id);
    expect(first.body.sections.fair_value_per_share).toBe(saved.body.result.fair_value_per_share);
    expect(await k.balanceMt(u)).toBe(AFTER_ONE_DCF_MT);
  });

  it('the history-derived run and the studio run differ in value when the inputs differ', async () => {
    const u = await k.createUser();
    const plain = await k.as(u).run({ symbol: 'AAPL', kind: 'dcf' });
    const studio = await k.as(u).run({ symbol: 'AAPL', kind: 'dcf', dcf_inputs: { ...defaults, explicit_growth: 0.14 } });
    expect([plain.status, studio.status]).toEqual([201, 201]);
    expect(studio.body.sections.fair_value_per_share).not.toBe(plain.body.sections.fair_value_per_share);
    expect(await k.balanceMt(u)).toBe(OPENING_BALANCE_MT - 2_000);
  });

  const bad: Array<[string, () => unknown, string]> = [
    ['dcf_inputs on a technical analysis', () => ({ symbol: 'AAPL', kind: 'technical', dcf_inputs: defaults }), 'dcf_inputs'],
    ['100 explicit years', () => ({ symbol: 'AAPL', kind: 'dcf', dcf_inputs: { ...defaults, explicit_years: 100 } }), 'dcf_inputs.explicit_years'],
    [
      'terminal growth within 1.5 points of the WACC',
      () => ({ symbol: 'AAPL', kind: 'dcf', dcf_inputs: { ...defaults, beta: 0.3, debt_weight: 0, terminal_growth: 0.05 } }),
      'dcf_inputs.terminal_growth',
    ],
    ['NaN growth', () => ({ symbol: 'AAPL', kind: 'dcf', dcf_inputs: { ...defaults, explicit_growth: 'NaN' } }), 'dcf_inputs.explicit_growth'],
  ];
  it.each(bad)('%s → 400 naming %s; nothing held, charged or stored', async (_name, body, field) => {
    const u = await k.createUser();
    const res = await k.as(u).run(body(), 'bad-dcf-inputs');
    expect([res.status, res.body.error.code, res.body.error.field]).toEqual([400, 'VALIDATION_FAILED', field]);
    expect(await k.balanceMt(u)).toBe(OPENING_BALANCE_MT);
    expect(await k.holdsOf(u)).toHaveLength(0);
    expect(await k.storedRowCount(u)).toBe(0);
  });
});
