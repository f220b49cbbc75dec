import { afterAll, beforeAll, expect, it } from 'vitest';
import { COPILOT_LIMITS } from '../../../core/copilot/copilot-limits.ts';
import { describeEachDatabase } from '../../test/db.ts';
import { COPILOT_COST_MT, type CopilotTest, OPENING_BALANCE_MT, startCopilotTest } from '../../test/copilot-test-kit.ts';

const LIMIT = COPILOT_LIMITS.questionsPerMinute; // 20 a minute

describeEachDatabase('copilot questions per user per minute', (kind) => {
  let k: CopilotTest;
  // The app's clock: 15 s into a minute, moved by the test (no sleeping).
  let clockMs = Date.parse('2026-07-02T12:00:15Z');
  beforeAll(async () => {
    k = await startCopilotTest(kind, { now: () => new Date(clockMs) });
  });
  afterAll(async () => k?.db.close());

  it(`after ${LIMIT} questions in a minute (answered, refused, or about an unknown conversation), the next two are 429 with Retry-After 45, free and not stored; a resume, another user and the next minute are served`, async () => {
    const u = await k.createUser();
    const other = await k.createUser();
    // One answered (0.3 tokens), streamed so there is a stream to resume; one about a conversation that is not theirs; the rest refusals.
    const answered = await k.as(u).stream({ message: "What is AAPL's RSI?" });
    expect(answered.events.at(-1)?.event).toBe('done');
    expect((await k.as(u).ask({ conversation_id: '0b9e6c1e-4c55-4bd2-9a55-4f3a0f1c2d3e', message: 'AAPL P/E' })).status).toBe(404);
    // A body the schema refuses never reaches the copilot and is not counted.
    expect((await k.as(u).ask({ message: '   ' })).status).toBe(400);
    for (let i = 2; i < LIMIT; i++) expect((await k.as(u).ask({ message: `tell me a joke number ${i}` })).body.status).toBe('refused');
    const rowsBefore = await k.messageRows(u);
    // Question 1 and the refusals: 2 messages each; the 404 and the 400 stored nothing.
    expect(rowsBefore).toHaveLength(2 * (LIMIT - 1));
    expect(await k.balanceMt(u)).toBe(OPENING_BALANCE_MT - COPILOT_COST_MT);
    const holdsBefore = await k.holdsOf(u);

    const over = await k.as(u).ask({ message: 'RSI of MSFT' });
    expect(over.status).toBe(429);
    expect(over.headers.get('retry-after')).toBe('45');
    expect(over.body.error).toEqual({
      code: 'RATE_LIMITED',
      message: `You have asked this minute's ${LIMIT} copilot questions. Try again in 45 s.`,
      details: { retry_after_seconds: 45 },
    });
    // The second past the limit, streamed: a plain 429 before any stream opens, a refusal-type question just the same.
    const again = await k.as(u).stream({ message: 'tell me one more joke' });
    expect([again.status, again.res.headers.get('retry-after'), again.body.error.code]).toEqual([429, '45', 'RATE_LIMITED']);
    expect(again.events).toEqual([]);

    // Nothing charged, held or stored by either.
    expect(await k.balanceMt(u)).toBe(OPENING_BALANCE_MT - COPILOT_COST_MT);
    expect(await k.holdsOf(u)).toEqual(holdsBefore);
    expect(await k.messageRows(u)).toEqual(rowsBefore);

    // Resuming a stream is not a question: served while over the limit.
    const resumed = await k.as(u).resume(answered.events[0]!.id!);
    expect(resumed.status).toBe(200);
    expect(resumed.events).toEqual(answered.events.slice(1));
    // Per user: another account asks in the same minute.
    expect((await k.as(other).ask({ message: 'tell me a joke' })).status).toBe(200);

    // 44 s on, the same window (Retry-After 1); 1 s more, the next window answers and charges as usual.
    clockMs += 44_000;
    const still = await k.as(u).ask({ message: 'RSI of MSFT' });
    expect([still.status, still.headers.get('retry-after')]).toEqual([429, '1']);
    clockMs += 1_000;
    const next = await k.as(u).ask({ message: 'RSI of MSFT' });
    expect([next.status, next.body.status]).toEqual([200, 'answered']);
    expect(await k.balanceMt(u)).toBe(OPENING_BALANCE_MT - 2 * COPILOT_COST_MT);
  });
});
