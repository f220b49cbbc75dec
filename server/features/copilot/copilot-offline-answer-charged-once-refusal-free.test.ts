import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatFactValue } from '../../../core/facts/format-fact.ts';
import { describeEachDatabase } from '../../test/db.ts';
import { COPILOT_COST_MT, type CopilotTest, OPENING_BALANCE_MT, startCopilotTest } from '../../test/copilot-test-kit.ts';
import { openToolSession, runCopilotTool } from './tools/index.ts';

// No AI_BASE_URL: the offline copilot answers through the same tools, checked, stored and charged once.
describeEachDatabase('offline copilot over HTTP', (kind) => {
  let k: CopilotTest;
  beforeAll(async () => {
    k = await startCopilotTest(kind);
  });
  afterAll(async () => k?.db.close());

  it('status: offline mode, no model, example questions, 0.3 tokens a question', async () => {
    const u = await k.createUser();
    const res = await k.as(u).status();
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ mode: 'offline', model: null, cost_tokens: 0.3, max_message_chars: 4000 });
    expect(res.body.examples.length).toBeGreaterThan(3);
  });

  it('"What is AAPL\'s RSI?": cites rsi_14 (the technical page\'s value), stored, 10 − 0.3 = 9.7 tokens left', async () => {
    const u = await k.createUser();
    const res = await k.as(u).ask({ message: "What is AAPL's RSI?" });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ status: 'answered', mode: 'offline', tokens_charged: 0.3, examples: [] });
    const rsi = res.body.citations.find((c: { key: string }) => c.key === 'rsi_14');
    expect(rsi).toMatchObject({ symbol: 'AAPL', href: '/technical/AAPL', unit: 'score' });
    const tool = await runCopilotTool(openToolSession(k.toolDeps, u), { tool: 'get_technical_rating', input: { symbol: 'AAPL' } });
    const fact = tool.facts.find((f) => f.key === 'rsi_14')!;
    expect(rsi.value).toBe(fact.value);
    expect(res.body.answer).toContain(formatFactValue(fact));
    expect(res.body.answer).toContain(`[${rsi.n}]`);
    expect(await k.balanceMt(u)).toBe(OPENING_BALANCE_MT - COPILOT_COST_MT);
    const rows = await k.messageRows(u);
    expect(rows.map((r) => [r.role, Number(r.cost_mt)])).toEqual([
      ['user', 0],
      ['assistant', COPILOT_COST_MT],
    ]);
    const holds = await k.holdsOf(u);
    expect(holds.filter((h) => h.status === 'captured' && h.costMt === COPILOT_COST_MT)).toHaveLength(1);
    // The ledger row names the copilot and the conversation, not an analysis.
    const ledger = await k.as(u).tokenLedger();
    const hold = ledger.body.entries.find((e: { reason: string; change: number }) => e.reason === 'hold' && e.change === -0.3);
    expect(hold).toMatchObject({ copilot: { conversation_id: res.body.conversation_id } });
    expect(hold.analysis).toBeUndefined();
  });

  it('an unknown question: a refusal with examples, stored, not charged (balance still 10)', async () => {
    const u = await k.createUser();
    const res = await k.as(u).ask({ message: 'What will the weather be in Paris tomorrow?' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'refused', tokens_charged: 0, citations: [] });
    expect(res.body.examples.length).toBeGreaterThan(0);
    expect(await k.balanceMt(u)).toBe(OPENING_BALANCE_MT);
    expect(await k.holdsOf(u)).toEqual([]);
    const convo = await k.as(u).open(res.body.conversation_id);
    expect(convo.body.messages.map((m: { status: string | null }) => m.status)).toEqual([null, 'refused']);
  });

  it('a follow-up in the same conversation: one conversation, four messages, 0.6 tokens for two answers', async () => {
    const u = await k.createUser();
    const first = await k.as(u).ask({ message: 'AAPL P/E' });
    expect(first.body.status).toBe('answered');
    const second = await k.as(u).ask({ conversation_id: first.body.conversation_id, message: 'Piotroski score of KO' });
    expect(second.body.status, second.body.answer).toBe('answered');
    expect(second.body.conversation_id).toBe(first.body.conversation_id);
    const list = await k.as(u).list();
    expect(list.body.conversations).toHaveLength(1);
    expect(list.body.conversations[0]).toMatchObject({ id: first.body.conversation_id, title: 'AAPL P/E' });
    const convo = await k.as(u).open(first.body.conversation_id);
    expect(convo.body.messages.map((m: { role: string }) => m.role)).toEqual(['user', 'assistant', 'user', 'assistant']);
    expect(convo.body.messages[3].citations.some((c: { key: string }) => c.key === 'piotroski_f')).toBe(true);
    expect(await k.balanceMt(u)).toBe(OPENING_BALANCE_MT - 2 * COPILOT_COST_MT);
  });

  it('with 0.1 tokens left: an answerable question is 402 before any work, nothing stored; a refusal is still free', async () => {
    const u = await k.createUser(100);
    const res = await k.as(u).ask({ message: 'RSI of MSFT' });
    expect(res.status).toBe(402);
    expect(res.body.error.code).toBe('INSUFFICIENT_TOKENS');
    expect(await k.messageRows(u)).toEqual([]);
    const refusal = await k.as(u).ask({ message: 'tell me a joke' });
    expect(refusal.body.status).toBe('refused');
    expect(await k.balanceMt(u)).toBe(100);
  });

  describe('streaming', () => {
    it('events in order with ids <message_id>:1…n: meta, tool call and result, checked text, citations, done', async () => {
      const u = await k.createUser();
      const { status, events } = await k.as(u).stream({ message: 'How did MSFT do over the last 6 months?' });
      expect(status).toBe(200);
      const names = events.map((e) => e.event);
      expect(names[0]).toBe('meta');
      expect(names.slice(-2)).toEqual(['citations', 'done']);
      expect(names.indexOf('tool')).toBeLessThan(names.indexOf('text'));
      const messageId = events[0]!.data.message_id;
      expect(events.map((e) => e.id)).toEqual(events.map((_, i) => `${messageId}:${i + 1}`));
      const done = events.at(-1)!.data.answer;
      expect(done).toMatchObject({ message_id: messageId, status: 'answered', mode: 'offline', tokens_charged: 0.3 });
      expect(
        events
          .filter((e) => e.event === 'text')
          .map((e) => e.data.delta)
          .join(''),
      ).toBe(done.answer);
      expect(done.citations.some((c: { key: string }) => c.key === 'price_change_percent')).toBe(true);
      expect(await k.balanceMt(u)).toBe(OPENING_BALANCE_MT - COPILOT_COST_MT);
    });

    it('Last-Event-ID resumes after that event (header or query), without asking or charging again', async () => {
      const u = await k.createUser();
      const first = await k.as(u).stream({ message: 'AAPL P/E' });
      const resumed = await k.as(u).resume(first.events[1]!.id!);
      expect(resumed.status).toBe(200);
      expect(resumed.events).toEqual(first.events.slice(2));
      const viaQuery = await k.as(u).resume(first.events[0]!.id!, 'query');
      expect(viaQuery.events).toEqual(first.events.slice(1));
      // A POST carrying Last-Event-ID resumes too (a client re-sending its request after a drop).
      const again = await k.as(u).stream({ message: 'AAPL P/E' }, { 'last-event-id': first.events.at(-2)!.id! });
      expect(again.events).toEqual(first.events.slice(-1));
      expect(await k.balanceMt(u)).toBe(OPENING_BALANCE_MT - COPILOT_COST_MT);
    });
  });
});
