import { afterAll, beforeAll, expect, it } from 'vitest';
import { COPILOT_COST_MT, type CopilotTest, OPENING_BALANCE_MT, startCopilotTest } from '../../test/copilot-test-kit.ts';
import { describeOnPglite } from '../../test/db.ts';

// The service's clock says 2026-11-29; the bundled prices end on 2026-07-02 (150 days earlier).
describeOnPglite('"last month" asked months after the data ends', (kind) => {
  let k: CopilotTest;
  beforeAll(async () => {
    k = await startCopilotTest(kind, { now: () => new Date('2026-11-29T09:30:00Z') });
  });
  afterAll(async () => k?.db.close());

  it('the answer reads it up to the data day and names both days; it is checked, stored and charged once (10 − 0.3)', async () => {
    const u = await k.createUser();
    const res = await k.as(u).ask({ message: 'How did AAPL do last month?' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.status).toBe('answered');
    expect(res.body.answer).toContain('to $');
    expect(res.body.answer).toContain('on 2026-07-02');
    expect(res.body.answer).toContain('Today is 2026-11-29, but our prices end on 2026-07-02, 150 days earlier: “last month” is read up to 2026-07-02.');
    expect(await k.balanceMt(u)).toBe(OPENING_BALANCE_MT - COPILOT_COST_MT);
    // Without a relative phrase nothing is added.
    const plain = await k.as(u).ask({ message: 'How did AAPL do over 6 months?' });
    expect(plain.body.answer).not.toContain('Today is');
  });
});
