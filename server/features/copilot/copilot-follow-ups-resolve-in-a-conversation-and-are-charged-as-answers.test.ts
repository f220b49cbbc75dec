import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../../test/db.ts';
import { COPILOT_COST_MT, type CopilotTest, OPENING_BALANCE_MT, startCopilotTest } from '../../test/copilot-test-kit.ts';

// Charged answers: on both engines.
describeEachDatabase('the offline copilot holds a conversation: follow-ups read against the last question', (kind) => {
  let k: CopilotTest;
  beforeAll(async () => {
    k = await startCopilotTest(kind);
  });
  afterAll(async () => k?.db.close());

  it('"What is AAPL\'s P/E?" then "and its debt?" then "what about MSFT?": three answers about the right symbols, 3 × 0.3 charged', async () => {
    const u = await k.createUser();
    const first = await k.as(u).ask({ message: "What is AAPL's P/E?" });
    expect(first.body.status).toBe('answered');
    const id = first.body.conversation_id;
    const debt = await k.as(u).ask({ conversation_id: id, message: 'and its debt?' });
    expect(debt.body).toMatchObject({ status: 'answered', mode: 'offline' });
    // It says what it understood: Apple's figure, cited — not the glossary's definition of debt/equity.
    expect(debt.body.answer).toMatch(/AAPL|Apple/);
    expect(debt.body.citations.length).toBeGreaterThan(0);
    expect(debt.body.citations.every((c: { symbol: string | null }) => c.symbol === 'AAPL')).toBe(true);
    const msft = await k.as(u).ask({ conversation_id: id, message: 'What about MSFT?' });
    expect(msft.body.status).toBe('answered');
    expect(msft.body.citations.some((c: { symbol: string | null }) => c.symbol === 'MSFT')).toBe(true);
    expect(await k.balanceMt(u)).toBe(OPENING_BALANCE_MT - 3 * COPILOT_COST_MT);
  });

  it('the same follow-up in a new conversation has no subject to lean on: it is read alone', async () => {
    const u = await k.createUser();
    const alone = await k.as(u).ask({ message: 'and its debt?' });
    expect(alone.body.citations.every((c: { symbol: string | null }) => c.symbol !== 'AAPL')).toBe(true);
  });
});
