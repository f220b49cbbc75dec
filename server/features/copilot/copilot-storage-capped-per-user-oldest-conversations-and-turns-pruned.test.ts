import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { COPILOT_LIMITS } from '../../../core/copilot/copilot-limits.ts';
import { describeEachDatabase } from '../../test/db.ts';
import { type CopilotTest, startCopilotTest } from '../../test/copilot-test-kit.ts';

const CONVERSATIONS = COPILOT_LIMITS.conversationsPerUser; // 50
const MESSAGES = COPILOT_LIMITS.messagesPerConversation; // 100: 50 turns

describeEachDatabase('copilot storage per user: capped, the oldest pruned', (kind) => {
  let k: CopilotTest;
  // Each question 4 s after the last: distinct times (so "oldest" is well defined), 15 a minute (under the limit).
  let clockMs = Date.parse('2026-07-02T12:00:00Z');
  const tick = () => {
    clockMs += 4_000;
  };
  beforeAll(async () => {
    k = await startCopilotTest(kind, { now: () => new Date(clockMs) });
  });
  afterAll(async () => k?.db.close());

  async function ask(userId: string, message: string, conversationId?: string) {
    tick();
    const res = await k.as(userId).ask({ message, ...(conversationId ? { conversation_id: conversationId } : {}) });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.conversation_id as string;
  }
  const countRows = async (table: 'copilot_conversations' | 'copilot_messages', userId: string) =>
    (await k.db.query<{ n: number }>(sql`SELECT count(*)::int AS n FROM ${sql.identifier(table)} WHERE user_id = ${userId}`))[0]!.n;

  it(`the ${CONVERSATIONS + 1}st conversation deletes the least recently active one (not the oldest-created one that was just used), with its messages`, async () => {
    const u = await k.createUser();
    const ids: string[] = [];
    for (let i = 1; i <= CONVERSATIONS; i++) ids.push(await ask(u, `tell me a joke number ${i}`));
    // The first conversation gets a follow-up: the second is now the least recently active.
    await ask(u, 'and another joke', ids[0]);
    expect(await countRows('copilot_conversations', u)).toBe(CONVERSATIONS);

    const newest = await ask(u, 'tell me a brand new joke');
    expect(await countRows('copilot_conversations', u)).toBe(CONVERSATIONS);
    expect((await k.as(u).open(ids[1]!)).status).toBe(404);
    expect((await k.db.query(sql`SELECT id FROM copilot_messages WHERE conversation_id = ${ids[1]!}`)).length).toBe(0);
    expect((await k.as(u).open(ids[0]!)).body.messages).toHaveLength(4);
    const listed = (await k.as(u).list(`?limit=100`)).body.conversations.map((c: { id: string }) => c.id);
    expect(listed).toHaveLength(CONVERSATIONS);
    expect(listed[0]).toBe(newest);
    expect(listed).toContain(ids[0]);
    expect(listed).not.toContain(ids[1]);
    // 2 messages per conversation, 4 in the one with a follow-up.
    expect(await countRows('copilot_messages', u)).toBe(2 * CONVERSATIONS + 2);
  });

  it(`a conversation keeps its newest ${MESSAGES} messages: the ${MESSAGES / 2 + 1}st turn deletes the first, the title stays`, async () => {
    const u = await k.createUser();
    const id = await ask(u, 'joke 1 please');
    for (let i = 2; i <= MESSAGES / 2; i++) await ask(u, `joke ${i} please`, id);
    expect(await countRows('copilot_messages', u)).toBe(MESSAGES);

    await ask(u, `joke ${MESSAGES / 2 + 1} please`, id);
    const convo = await k.as(u).open(id);
    expect(convo.body.messages).toHaveLength(MESSAGES);
    expect(convo.body.messages.slice(0, 2).map((m: { role: string; text: string }) => [m.role, m.text.startsWith('joke 2 please')])).toEqual([
      ['user', true],
      ['assistant', false],
    ]);
    expect(convo.body.messages.at(-2).text).toBe(`joke ${MESSAGES / 2 + 1} please`);
    expect(convo.body.title).toBe('joke 1 please');
    expect(await countRows('copilot_messages', u)).toBe(MESSAGES);
  });
});
