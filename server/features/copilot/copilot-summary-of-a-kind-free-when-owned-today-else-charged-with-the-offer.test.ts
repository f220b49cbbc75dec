import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { getActionCostMt } from '../../../core/tokens/costs.ts';
import { describeEachDatabase } from '../../test/db.ts';
import { type CopilotTest, OPENING_BALANCE_MT, startCopilotTest } from '../../test/copilot-test-kit.ts';
import { type FakeOpenAiServer, startFakeOpenAiServer } from '../../test/fake-openai-server.ts';

const COPILOT_MT = getActionCostMt('copilot');
const BALANCE_SHEET_MT = getActionCostMt('balance-sheet');

// "Summarize JPM's balance sheet" is read from the Balance Sheet analysis' own builder: free when the user ran that
// analysis on the same data day, else the copilot's price once, with the offer to run the full analysis.
describeEachDatabase('copilot summary of an analysis kind', (kind) => {
  let k: CopilotTest;
  beforeAll(async () => {
    k = await startCopilotTest(kind);
  });
  afterAll(async () => k?.db.close());

  it("not owned: charged 0.3 once (10 − 0.3 = 9.7), says what it understood, cites the builder's figures, offers the 1.2-token analysis", async () => {
    const u = await k.createUser();
    const res = await k.as(u).ask({ message: "summarize JPM's balance sheet" });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ status: 'answered', mode: 'offline', tokens_charged: COPILOT_MT / 1000 });
    expect(res.body.answer).toContain('JPM’s balance sheet (bank yardstick)');
    expect(res.body.citations.length).toBeGreaterThan(0);
    expect(res.body.citations.every((c: { symbol: string; href: string }) => c.symbol === 'JPM' && c.href === '/balance-sheet/JPM')).toBe(true);
    expect(res.body.answer).toContain(`[${res.body.citations.at(-1).n}]`);
    expect(res.body.offer).toEqual({
      kind: 'balance-sheet',
      subtype: null,
      symbol: 'JPM',
      name: 'Balance Sheet Analysis',
      href: '/balance-sheet/JPM',
      cost_tokens: BALANCE_SHEET_MT / 1000,
    });
    expect(await k.balanceMt(u)).toBe(OPENING_BALANCE_MT - COPILOT_MT);
    const holds = await k.holdsOf(u);
    expect(holds.map((h) => [h.status, h.costMt])).toEqual([['captured', COPILOT_MT]]);
    // The ledger names the copilot and the conversation, not an analysis.
    const ledger = await k.as(u).tokenLedger();
    const hold = ledger.body.entries.find((e: { reason: string }) => e.reason === 'hold');
    expect(hold).toMatchObject({ change: -COPILOT_MT / 1000, copilot: { conversation_id: res.body.conversation_id } });
    expect(hold.analysis).toBeUndefined();
  });

  it('owned today: after a Balance Sheet run (10 − 1.2 = 8.8), the summary is free — balance still 8.8, no new ledger row, no offer', async () => {
    const u = await k.createUser();
    const run = await k.as(u).runAnalysis({ symbol: 'JPM', kind: 'balance-sheet' });
    expect(run.status, JSON.stringify(run.body)).toBe(201);
    expect(await k.balanceMt(u)).toBe(OPENING_BALANCE_MT - BALANCE_SHEET_MT);
    const before = (await k.as(u).tokenLedger()).body.entries.length;
    const res = await k.as(u).ask({ message: 'give me a summary of the balance sheet of JPM' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ status: 'answered', tokens_charged: 0 });
    expect(res.body.offer).toBeUndefined();
    expect(res.body.answer).toContain('JPM’s balance sheet (bank yardstick)');
    expect(res.body.answer).toContain('free');
    expect(await k.balanceMt(u)).toBe(OPENING_BALANCE_MT - BALANCE_SHEET_MT);
    expect((await k.as(u).tokenLedger()).body.entries.length).toBe(before);
    expect((await k.holdsOf(u)).map((h) => h.costMt)).toEqual([BALANCE_SHEET_MT]);
    const rows = await k.messageRows(u);
    expect(rows.map((r) => [r.role, Number(r.cost_mt)])).toEqual([
      ['user', 0],
      ['assistant', 0],
    ]);
  });

  it('owning another kind does not count: a Technical run, then the balance-sheet summary is charged 0.3 (10 − 0.8 − 0.3 = 8.9)', async () => {
    const u = await k.createUser();
    const run = await k.as(u).runAnalysis({ symbol: 'JPM', kind: 'technical' });
    expect(run.status, JSON.stringify(run.body)).toBe(201);
    const res = await k.as(u).ask({ message: "summarize JPM's balance sheet" });
    expect(res.body).toMatchObject({ status: 'answered', tokens_charged: COPILOT_MT / 1000 });
    expect(res.body.offer).toMatchObject({ kind: 'balance-sheet', symbol: 'JPM' });
    expect(await k.balanceMt(u)).toBe(OPENING_BALANCE_MT - getActionCostMt('technical') - COPILOT_MT);
  });

  it('a follow-up "and MSFT?" gives MSFT\'s balance-sheet summary, charged as its own answer (10 − 2 × 0.3 = 9.4)', async () => {
    const u = await k.createUser();
    const first = await k.as(u).ask({ message: "summarize AAPL's balance sheet" });
    expect(first.body.status).toBe('answered');
    const second = await k.as(u).ask({ conversation_id: first.body.conversation_id, message: 'and MSFT?' });
    expect(second.body, second.body.answer).toMatchObject({ status: 'answered', tokens_charged: COPILOT_MT / 1000 });
    expect(second.body.answer).toContain('MSFT’s balance sheet');
    expect(second.body.offer).toMatchObject({ kind: 'balance-sheet', symbol: 'MSFT', href: '/balance-sheet/MSFT' });
    expect(await k.balanceMt(u)).toBe(OPENING_BALANCE_MT - 2 * COPILOT_MT);
  });

  it('a refusal is still free: a fund has no balance sheet analysis — refused with the reason, balance 10, no hold', async () => {
    const u = await k.createUser();
    const res = await k.as(u).ask({ message: "summarize SPY's balance sheet" });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'refused', tokens_charged: 0, citations: [] });
    expect(res.body.offer).toBeUndefined();
    expect(await k.balanceMt(u)).toBe(OPENING_BALANCE_MT);
    expect(await k.holdsOf(u)).toEqual([]);
  });

  it('streamed: meta, the checked text, citations and done; an owned summary streams free too', async () => {
    const u = await k.createUser();
    await k.as(u).runAnalysis({ symbol: 'NVDA', kind: 'technical' });
    const { status, events } = await k.as(u).stream({ message: 'technical summary of NVDA' });
    expect(status).toBe(200);
    const names = events.map((e) => e.event);
    expect(names[0]).toBe('meta');
    expect(names.slice(-2)).toEqual(['citations', 'done']);
    expect(events.at(-1)!.data.answer).toMatchObject({ status: 'answered', tokens_charged: 0 });
    expect(await k.balanceMt(u)).toBe(OPENING_BALANCE_MT - getActionCostMt('technical'));
  });
});

// The charge depends on what the user owns, not on who would write the answer: with a model configured, a summary of a
// kind is still read from the analysis (the model is not called), free when owned, else charged once with the offer.
describeEachDatabase('copilot summary of an analysis kind with a model configured', (kind) => {
  let fake: FakeOpenAiServer;
  let k: CopilotTest;
  beforeAll(async () => {
    fake = await startFakeOpenAiServer();
    k = await startCopilotTest(kind, { env: { AI_BASE_URL: fake.url, AI_MODEL: 'fake-model', AI_TIMEOUT_MS: '8000' } });
  });
  afterAll(async () => {
    await k?.db.close();
    await fake?.close();
  });
  beforeEach(() => fake.reset());

  it('owned today (10 − 1 = 9): free, mode "offline", the model never asked; not owned: 0.3 once (9 − 0.3 = 8.7) with the offer', async () => {
    const u = await k.createUser();
    expect((await k.as(u).runAnalysis({ symbol: 'KO', kind: 'fundamental', subtype: 'dividends' })).status).toBe(201);
    // The run's note was the model's to write; from here on the model is not called.
    fake.reset();
    const owned = await k.as(u).ask({ message: 'KO dividends overview' });
    expect(owned.body).toMatchObject({ status: 'answered', mode: 'offline', tokens_charged: 0 });
    expect(owned.body.answer).toContain('KO’s dividends');
    expect(await k.balanceMt(u)).toBe(OPENING_BALANCE_MT - getActionCostMt('fundamental'));
    const other = await k.as(u).ask({ message: 'summary of PEP dividends' });
    expect(other.body).toMatchObject({ status: 'answered', mode: 'offline', tokens_charged: COPILOT_MT / 1000 });
    expect(other.body.offer).toMatchObject({ kind: 'fundamental', subtype: 'dividends', symbol: 'PEP', href: '/fundamental-analysis/PEP/dividends' });
    expect(await k.balanceMt(u)).toBe(OPENING_BALANCE_MT - getActionCostMt('fundamental') - COPILOT_MT);
    expect(fake.requests).toHaveLength(0);
  });
});
