import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeOnPglite } from '../../test/db.ts';
import { type CopilotTest, OPENING_BALANCE_MT, startCopilotTest } from '../../test/copilot-test-kit.ts';

const OTHER_UUID = '0b9e6c1e-4c55-4bd2-9a55-4f3a0f1c2d3e';

// Bad input is refused with the error contract before anything is charged or stored; one user never
// reads, continues or deletes another's conversation (404, as if it did not exist).
describeOnPglite('copilot bad input and owner isolation', (kind) => {
  let k: CopilotTest;
  let alice: string;
  let bob: string;
  let aliceConversation: string;
  beforeAll(async () => {
    k = await startCopilotTest(kind);
    alice = await k.createUser();
    bob = await k.createUser();
    const first = await k.as(alice).ask({ message: 'RSI of MSFT' });
    expect(first.body.status).toBe('answered');
    aliceConversation = first.body.conversation_id;
  });
  afterAll(async () => k?.db.close());

  describe('refused, nothing charged or stored', () => {
    it.each([
      ['an empty message', { message: '' }, 400, 'VALIDATION_FAILED', 'message'],
      ['only spaces', { message: '   \n ' }, 400, 'VALIDATION_FAILED', 'message'],
      ['4,001 characters', { message: `AAPL P/E ${'x'.repeat(3992)}` }, 400, 'VALIDATION_FAILED', 'message'],
      ['no message', { conversation_id: null }, 400, 'VALIDATION_FAILED', 'message'],
      ['a message that is not text', { message: 42 }, 400, 'VALIDATION_FAILED', 'message'],
      ['an unknown field', { message: 'AAPL P/E', user_id: 'x' }, 400, 'VALIDATION_FAILED', undefined],
      ['a conversation id that is not a uuid', { conversation_id: '1; DROP TABLE', message: 'AAPL P/E' }, 400, 'VALIDATION_FAILED', 'conversation_id'],
      ['an unknown conversation', { conversation_id: OTHER_UUID, message: 'AAPL P/E' }, 404, 'NOT_FOUND', 'conversation_id'],
    ])('%s → %s %s', async (_why, body, status, code, field) => {
      const u = await k.createUser();
      for (const send of [k.as(u).ask, (b: unknown) => k.as(u).stream(b)]) {
        const res = await send(body);
        expect(res.status).toBe(status);
        expect(res.body.error.code).toBe(code);
        if (field) expect(res.body.error.field).toBe(field);
      }
      expect(await k.balanceMt(u)).toBe(OPENING_BALANCE_MT);
      expect(await k.messageRows(u)).toEqual([]);
      expect(await k.holdsOf(u)).toEqual([]);
    });

    it('exactly 4,000 characters is accepted (the limit is inclusive)', async () => {
      const u = await k.createUser();
      const res = await k.as(u).ask({ message: `AAPL P/E ${' '.repeat(3991)}` });
      expect(res.status).toBe(200);
    });

    it.each([
      ['garbage', 'not-an-event-id', 400, 'VALIDATION_FAILED'],
      ['a sequence that is not a number', `${OTHER_UUID}:x`, 400, 'VALIDATION_FAILED'],
      ['a stream never opened', `${OTHER_UUID}:1`, 404, 'NOT_FOUND'],
    ])('Last-Event-ID %s → %s %s, nothing charged', async (_why, id, status, code) => {
      const u = await k.createUser();
      const resumed = await k.as(u).resume(id);
      expect(resumed.status).toBe(status);
      expect(resumed.body.error).toMatchObject({ code, field: 'Last-Event-ID' });
      const posted = await k.as(u).stream({ message: 'AAPL P/E' }, { 'last-event-id': id });
      expect(posted.status).toBe(status);
      expect(await k.balanceMt(u)).toBe(OPENING_BALANCE_MT);
      expect(await k.messageRows(u)).toEqual([]);
    });

    it('GET resume without any Last-Event-ID → 400', async () => {
      const res = await k.as(bob).resume('', 'query');
      expect(res.status).toBe(400);
    });

    it('a cursor the list did not give out → 400 naming cursor', async () => {
      const res = await k.as(alice).list('?cursor=bm9wZQ');
      expect(res.status).toBe(400);
      expect(res.body.error.field).toBe('cursor');
    });
  });

  describe("Bob and Alice's conversation", () => {
    it('Bob cannot read, continue, list or delete it: 404 each time, nothing charged', async () => {
      expect((await k.as(bob).open(aliceConversation)).status).toBe(404);
      const cont = await k.as(bob).ask({ conversation_id: aliceConversation, message: 'and KO?' });
      expect(cont.status).toBe(404);
      expect((await k.as(bob).list()).body.conversations).toEqual([]);
      expect((await k.as(bob).remove(aliceConversation)).status).toBe(404);
      expect(await k.balanceMt(bob)).toBe(OPENING_BALANCE_MT);
      expect((await k.as(alice).open(aliceConversation)).body.messages).toHaveLength(2);
    });

    it("Bob cannot resume Alice's stream, even with its exact event id", async () => {
      const streamed = await k.as(alice).stream({ message: 'AAPL P/E' });
      const id = streamed.events[0]!.id!;
      expect((await k.as(alice).resume(id)).status).toBe(200);
      expect((await k.as(bob).resume(id)).status).toBe(404);
    });

    it('lists page newest first with a cursor; Alice deletes one and it is gone (204, then 404)', async () => {
      const carol = await k.createUser();
      const ids: string[] = [];
      for (const q of ['AAPL P/E', 'RSI of MSFT', 'Piotroski score of KO']) ids.push((await k.as(carol).ask({ message: q })).body.conversation_id);
      const page1 = await k.as(carol).list('?limit=2');
      expect(page1.body.conversations.map((c: { id: string }) => c.id)).toEqual([ids[2], ids[1]]);
      const page2 = await k.as(carol).list(`?limit=2&cursor=${page1.body.next_cursor}`);
      expect(page2.body.conversations.map((c: { id: string }) => c.id)).toEqual([ids[0]]);
      expect(page2.body.next_cursor).toBeNull();
      expect((await k.as(carol).remove(ids[1]!)).status).toBe(204);
      expect((await k.as(carol).open(ids[1]!)).status).toBe(404);
      expect((await k.as(carol).list()).body.conversations).toHaveLength(2);
    });
  });
});
