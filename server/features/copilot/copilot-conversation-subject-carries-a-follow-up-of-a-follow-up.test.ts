import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { describeEachDatabase } from '../../test/db.ts';
import { type FakeOpenAiServer, type FakeRequest, type Json, startFakeOpenAiServer } from '../../test/fake-openai-server.ts';
import { COPILOT_COST_MT, type CopilotTest, OPENING_BALANCE_MT, startCopilotTest } from '../../test/copilot-test-kit.ts';

type Cited = { symbol: string | null; key: string; period: string };
const keysOf = (body: { citations: Cited[] }) => [...new Set(body.citations.map((c) => c.key))];
const symbolsOf = (body: { citations: Cited[] }) => [...new Set(body.citations.map((c) => c.symbol))];

// The subject is a column of the conversation (migration 0610) and moves with charged answers: on both engines.
describeEachDatabase('a conversation keeps its subject: a follow-up of a follow-up resolves (offline)', (kind) => {
  let k: CopilotTest;
  beforeAll(async () => {
    k = await startCopilotTest(kind);
  });
  afterAll(async () => k?.db.close());

  const subjectOf = async (id: string) =>
    (await k.db.query<{ subject: Json }>(sql`SELECT subject FROM copilot_conversations WHERE id = ${id}`))[0]?.subject ?? null;

  it('"AAPL\'s revenue" → "and its net income?" → "over 5 years?": AAPL\'s net income by fiscal year (6 points, FY2020…FY2025), 3 answers, 3 × 0.3 = 0.9 charged', async () => {
    const u = await k.createUser();
    const first = await k.as(u).ask({ message: "AAPL's revenue" });
    expect(first.body).toMatchObject({ status: 'answered', mode: 'offline' });
    const id = first.body.conversation_id;
    expect(await subjectOf(id)).toMatchObject({ symbols: ['AAPL'], keys: ['revenue'], kind: 'metric', period: null });

    const second = await k.as(u).ask({ conversation_id: id, message: 'and its net income?' });
    expect(second.body.status).toBe('answered');
    expect(symbolsOf(second.body)).toEqual(['AAPL']);
    expect(keysOf(second.body)).toContain('net_income');
    expect(second.body.answer).toMatch(/Apple|AAPL/);
    // Stored as read: the next follow-up is read against "and its net income? AAPL", not against the bare words.
    expect(await subjectOf(id)).toMatchObject({ question: 'and its net income? AAPL', symbols: ['AAPL'], keys: ['net_income'], kind: 'metric' });

    const third = await k.as(u).ask({ conversation_id: id, message: 'over 5 years?' });
    expect(third.body).toMatchObject({ status: 'answered', mode: 'offline', tokens_charged: 0.3 });
    // A 5-year span shows six fiscal years: 5 + 1, the first the CAGR would start from.
    expect(third.body.chart.points).toHaveLength(5 + 1);
    expect(third.body.chart.points.map((p: { period: string }) => p.period)).toEqual(['FY2020', 'FY2021', 'FY2022', 'FY2023', 'FY2024', 'FY2025']);
    expect(keysOf(third.body)).toEqual(['net_income']);
    expect(symbolsOf(third.body)).toEqual(['AAPL']);
    expect(third.body.answer).toMatch(/^Apple Inc\. \(AAPL\): net income by fiscal year/);
    expect(await subjectOf(id)).toMatchObject({ symbols: ['AAPL'], keys: ['net_income'], period: '5y', kind: 'trend' });
    // 10 − 3 × 0.3 = 9.1 tokens.
    expect(await k.balanceMt(u)).toBe(OPENING_BALANCE_MT - 3 * COPILOT_COST_MT);
  });

  it('"AAPL\'s revenue" → "and its debt?" → "over 5 years?": AAPL\'s debt / equity by fiscal year (6 points), the last the ratios\' own; 3 × 0.3 charged', async () => {
    const u = await k.createUser();
    const first = await k.as(u).ask({ message: "AAPL's revenue" });
    const id = first.body.conversation_id;
    const debt = await k.as(u).ask({ conversation_id: id, message: 'and its debt?' });
    expect(keysOf(debt.body)).toEqual(['debt_to_equity']);
    const years = await k.as(u).ask({ conversation_id: id, message: 'over 5 years?' });
    expect(years.body).toMatchObject({ status: 'answered', mode: 'offline', tokens_charged: 0.3 });
    expect(keysOf(years.body)).toEqual(['debt_to_equity']);
    expect(years.body.chart.points).toHaveLength(5 + 1);
    expect(years.body.chart.points.at(-1).value).toBe(debt.body.citations[0].value);
    expect(await subjectOf(id)).toMatchObject({ symbols: ['AAPL'], keys: ['debt_to_equity'], period: '5y', kind: 'trend' });
    expect(await k.balanceMt(u)).toBe(OPENING_BALANCE_MT - 3 * COPILOT_COST_MT);
  });

  it('"RSI of MSFT" → "and AAPL?" → "and its P/E?": the swap then the figure, both about AAPL (the second turn\'s symbol, the third\'s figure)', async () => {
    const u = await k.createUser();
    const first = await k.as(u).ask({ message: 'RSI of MSFT' });
    const id = first.body.conversation_id;
    const swap = await k.as(u).ask({ conversation_id: id, message: 'and AAPL?' });
    expect(keysOf(swap.body)).toEqual(['rsi_14']);
    expect(symbolsOf(swap.body)).toEqual(['AAPL']);
    const pe = await k.as(u).ask({ conversation_id: id, message: 'and its P/E?' });
    expect(pe.body.status).toBe('answered');
    expect(keysOf(pe.body)).toContain('pe_ttm');
    expect(symbolsOf(pe.body)).toEqual(['AAPL']);
    expect(await k.balanceMt(u)).toBe(OPENING_BALANCE_MT - 3 * COPILOT_COST_MT);
  });

  it('a refusal and a definition in between leave the subject: "KO dividend yield" → "tell me a joke" (free) → "what is WACC?" → "how about PEP?" is PEP\'s yield; 3 answers charged, the refusal not', async () => {
    const u = await k.createUser();
    const first = await k.as(u).ask({ message: 'KO dividend yield' });
    const id = first.body.conversation_id;
    const stored = await subjectOf(id);
    const joke = await k.as(u).ask({ conversation_id: id, message: 'tell me a joke' });
    expect(joke.body).toMatchObject({ status: 'refused', tokens_charged: 0 });
    expect(await subjectOf(id)).toEqual(stored);
    const wacc = await k.as(u).ask({ conversation_id: id, message: 'what is WACC?' });
    expect(wacc.body.status).toBe('answered');
    expect(await subjectOf(id)).toEqual(stored);
    const pep = await k.as(u).ask({ conversation_id: id, message: 'how about PEP?' });
    expect(pep.body.status).toBe('answered');
    expect(symbolsOf(pep.body)).toEqual(['PEP']);
    expect(keysOf(pep.body)).toEqual(keysOf(first.body));
    // Answered: KO's yield, WACC's definition, PEP's yield — 3 × 0.3; the joke is free.
    expect(await k.balanceMt(u)).toBe(OPENING_BALANCE_MT - 3 * COPILOT_COST_MT);
  });

  it("another user's conversation is a 404 before any subject is read or written", async () => {
    const owner = await k.createUser();
    const other = await k.createUser();
    const first = await k.as(owner).ask({ message: "AAPL's revenue" });
    const res = await k.as(other).ask({ conversation_id: first.body.conversation_id, message: 'and its net income?' });
    expect(res.status).toBe(404);
    expect(await subjectOf(first.body.conversation_id)).toMatchObject({ symbols: ['AAPL'], keys: ['revenue'] });
    expect(await k.balanceMt(other)).toBe(OPENING_BALANCE_MT);
  });
});

const systemOf = (req: FakeRequest) => String((req.body.messages as Json[]).find((m) => m.role === 'system')?.content ?? '');

// The model path reads the same stored subject: on PGlite (the charging rules are the offline tests' above).
describe('with a model, the subject goes to the model and its answer moves it', () => {
  let fake: FakeOpenAiServer;
  let k: CopilotTest;
  beforeAll(async () => {
    fake = await startFakeOpenAiServer();
    k = await startCopilotTest('pglite', { env: { AI_BASE_URL: fake.url, AI_MODEL: 'fake-model', AI_TIMEOUT_MS: '8000' } });
  });
  beforeEach(() => fake.reset());
  afterAll(async () => {
    await k?.db.close();
    await fake?.close();
  });

  it('"AAPL\'s revenue" (the model fails: offline answers) → "and its net income?" (the model, told the subject is AAPL / revenue) → "over 5 years?" (the model fails: offline reads the stored subject)', async () => {
    const u = await k.createUser();
    fake.setHandler(() => ({ status: 500 }));
    const first = await k.as(u).ask({ message: "AAPL's revenue" });
    expect(first.body).toMatchObject({ status: 'answered', mode: 'offline' });
    const id = first.body.conversation_id;
    // The first request of a conversation has no subject yet.
    expect(systemOf(fake.requests[0]!)).not.toContain('The conversation so far is about');

    fake.reset();
    fake.setHandler((req, i) => {
      if (i === 0) return { toolCalls: [{ name: 'get_fundamentals', arguments: { symbol: 'AAPL' } }] };
      const facts = (req.body.messages as Json[])
        .filter((m) => m.role === 'tool')
        .flatMap((m) => {
          const v = JSON.parse(typeof m.content === 'string' ? m.content : JSON.stringify(m.content));
          return ((v?.type === 'json' ? v.value : v)?.facts ?? []) as Array<{ ref: number; key: string; display: string }>;
        });
      const ni = facts.find((f) => f.key === 'net_income')!;
      return { text: `Apple's net income is ${ni.display} [${ni.ref}].` };
    });
    const second = await k.as(u).ask({ conversation_id: id, message: 'and its net income?' });
    expect(second.body).toMatchObject({ status: 'answered', mode: 'llm', tokens_charged: 0.3 });
    expect(systemOf(fake.requests[0]!)).toContain('The conversation so far is about: symbols AAPL; figures revenue; question type metric.');
    // The user's words never reach the system prompt: only our own fields.
    expect(systemOf(fake.requests[0]!)).not.toContain("AAPL's revenue");

    // The model's answer moved the subject to what it cited: AAPL's net income, read back in our words. Now the model is down again.
    const [row] = await k.db.query<{ subject: Json }>(sql`SELECT subject FROM copilot_conversations WHERE id = ${id}`);
    expect(row!.subject).toMatchObject({ question: 'Net income AAPL', symbols: ['AAPL'], keys: ['net_income'], kind: 'llm' });
    fake.reset();
    fake.setHandler(() => ({ status: 500 }));
    const third = await k.as(u).ask({ conversation_id: id, message: 'over 5 years?' });
    expect(third.body).toMatchObject({ status: 'answered', mode: 'offline' });
    expect(third.body.chart.points).toHaveLength(6);
    expect(keysOf(third.body)).toEqual(['net_income']);
    expect(await k.balanceMt(u)).toBe(OPENING_BALANCE_MT - 3 * COPILOT_COST_MT);
  });
});
