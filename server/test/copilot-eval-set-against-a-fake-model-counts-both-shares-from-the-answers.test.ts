import { afterAll, beforeAll, expect, it } from 'vitest';
import type { EvalCase } from '../../core/copilot/eval/run-copilot-eval.ts';
import { runEvalSet } from '../../core/copilot/eval/run-copilot-eval.ts';
import { type EvalModes, startApiEvalAsker } from './copilot-eval-through-the-api.ts';
import { type FakeOpenAiServer, type FakeRequest, type FakeReply, type Json, startFakeOpenAiServer } from './fake-openai-server.ts';

type ModelFact = { ref: number; key: string; display: string };

const messagesOf = (req: FakeRequest) => req.body.messages as Json[];
const questionOf = (req: FakeRequest) =>
  String(
    messagesOf(req)
      .filter((m) => m.role === 'user')
      .at(-1)?.content ?? '',
  ).match(/<<<\n([\s\S]*)\n>>>/)?.[1] ?? '';
const systemOf = (req: FakeRequest) => String(messagesOf(req).find((m) => m.role === 'system')?.content ?? '');
const toolFacts = (req: FakeRequest): ModelFact[] =>
  messagesOf(req)
    .filter((m) => m.role === 'tool')
    .flatMap((m) => {
      const v = JSON.parse(typeof m.content === 'string' ? m.content : JSON.stringify(m.content));
      return ((v?.type === 'json' ? v.value : v)?.facts ?? []) as ModelFact[];
    });

/** A model that calls the technical rating of `symbol`, then writes its RSI with the ref the tool gave. */
const rsiOf = (req: FakeRequest, symbol: string): FakeReply => {
  if (!messagesOf(req).some((m) => m.role === 'tool')) return { toolCalls: [{ name: 'get_technical_rating', arguments: { symbol } }] };
  const rsi = toolFacts(req).find((f) => f.key === 'rsi_14')!;
  return { text: `${symbol}'s RSI (14) is ${rsi.display} [${rsi.ref}].` };
};

// Five cases, the fake model scripted to get some right and some wrong: the shares must follow the answers.
const CASES: EvalCase[] = [
  // Right, charged: the model cites MSFT's rsi_14.
  { turns: ['RSI of MSFT'], intent: 'metric', symbols: ['MSFT'], keys: ['rsi_14'], charged: true },
  // Right, charged, in one conversation: the second turn's request carries the subject the first set (MSFT, rsi_14).
  { turns: ['RSI of MSFT', 'and AAPL?'], intent: 'metric', symbols: ['AAPL'], keys: ['rsi_14'], charged: true },
  // Wrong answer (it cites the RSI, not the P/E asked), charged right (an answer is charged).
  { turns: ["What is AAPL's P/E?"], intent: 'metric', symbols: ['AAPL'], keys: ['pe_ttm'], charged: true },
  // Right: the model declines, free.
  { turns: ['tell me a joke'], intent: 'refusal', charged: false },
  // Wrong twice: the model answers the weather with no figure, which passes the number check and is charged.
  { turns: ['What is the weather in Paris?'], intent: 'refusal', charged: false },
];

let fake: FakeOpenAiServer;
let evalRun: Awaited<ReturnType<typeof startApiEvalAsker>>;
beforeAll(async () => {
  fake = await startFakeOpenAiServer({
    handler: (req) => {
      const q = questionOf(req);
      if (q === 'RSI of MSFT') return rsiOf(req, 'MSFT');
      if (q === 'and AAPL?') return rsiOf(req, 'AAPL');
      if (q === "What is AAPL's P/E?") return rsiOf(req, 'AAPL');
      if (q === 'tell me a joke') return { text: 'CANNOT_ANSWER: jokes are not in our data.' };
      return { text: 'It looks sunny in Paris.' };
    },
  });
  evalRun = await startApiEvalAsker({ AI_BASE_URL: fake.url, AI_MODEL: 'fake-model', AI_TIMEOUT_MS: '8000' });
});
afterAll(async () => {
  await evalRun?.close();
  await fake?.close();
});

it("the evaluation set through the model path: answered right 3 of 5 = 60 %, charged right 4 of 5 = 80 %, each miss said, every answer the model's", async () => {
  const r = await runEvalSet(CASES, evalRun.ask);
  expect(r.outcomes.map((o) => [o.answeredRight, o.chargedRight])).toEqual([
    [true, true],
    [true, true],
    [false, true],
    [true, true],
    [false, false],
  ]);
  expect(r.outcomes[2]!.why).toEqual(['does not cite pe_ttm']);
  expect(r.outcomes[4]).toMatchObject({ intent: 'answered', charged: true, why: ['intent answered, expected refusal'] });
  // 3 / 5 and 4 / 5, counted from the outcomes above.
  expect(r.answeredRight).toBe(3 / 5);
  expect(r.chargedRight).toBe(4 / 5);
  expect(evalRun.modes).toEqual<EvalModes>({ llm: 5, offline: 0, failed: 0 });
  // The follow-up went through the same conversation: its request told the model the subject the first turn set.
  const followUp = fake.requests.find((req) => questionOf(req) === 'and AAPL?')!;
  expect(systemOf(followUp)).toContain('The conversation so far is about: symbols MSFT; figures rsi_14; question type llm.');
});

it('a model that fails: the offline copilot answers what it can (counted as offline), the rest is no answer and free', async () => {
  fake.setHandler(() => ({ status: 500 }));
  const r = await runEvalSet([CASES[0]!, { turns: ['tell me a joke'], intent: 'refusal', charged: false }], evalRun.ask);
  expect(r.outcomes.map((o) => o.intent)).toEqual(['answered', 'error 502']);
  // The offline answer is right and charged; the 502 is not an answer, and free, which a refusal case expects: 1 / 2 and 2 / 2.
  expect(r.answeredRight).toBe(1 / 2);
  expect(r.chargedRight).toBe(1);
  expect(evalRun.modes).toMatchObject({ offline: 1, failed: 1 });
});
