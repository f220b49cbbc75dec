import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { createLlmClient } from '../../adapters/llm/index.ts';
import { describeOnPglite } from '../../test/db.ts';
import { type FakeOpenAiServer, type FakeReply, type FakeRequest, startFakeOpenAiServer } from '../../test/fake-openai-server.ts';
import type { PreparedRun } from './analyses-service.ts';
import { type AnalysesTest, OPENING_BALANCE_MT, startAnalysesTest } from '../../test/analyses-test-kit.ts';
import { MAX_NOTE_CALLS } from './llm-note-writer.ts';

const MODEL = 'fake-analyst-7b';
const technical = { symbol: 'AAPL', kind: 'technical' } as const;
const TECHNICAL_COST_MT = 800;

/** The facts table rows the writer put in the prompt: key | label | value as the UI shows it | unit | period. */
function readFactsTable(req: FakeRequest): Array<{ key: string; label: string; value: string }> {
  const prompt: string = req.body.messages.at(-1).content;
  const table = prompt.split('Facts:\n')[1]!.split('\n\n')[0]!.split('\n').slice(1);
  return table.map((row) => {
    const [key, label, value] = row.split(' | ');
    return { key: key!, label: label!, value: value! };
  });
}

/** A draft a careful model writes: three facts quoted exactly as the table shows them, each cited. */
function writeGoodDraft(req: FakeRequest) {
  const rows = readFactsTable(req).filter((r) => /\d/.test(r.value));
  const [a, b, c] = rows;
  return {
    headline: { text: `${a!.label} reads ${a!.value}.`, fact_keys: [a!.key] },
    strengths: [{ text: `${b!.label} stands at ${b!.value}.`, fact_keys: [b!.key] }],
    risks: [{ text: `${c!.label} is ${c!.value}.`, fact_keys: [c!.key] }],
    verdict: { text: 'The trend and momentum readings above sum up the picture.', fact_keys: [a!.key, b!.key] },
  };
}

const reply = (draft: unknown): FakeReply => ({ text: JSON.stringify(draft) });

describeOnPglite('the LLM writer: a checked model note, or the rule-based note and why', (kind) => {
  let fake: FakeOpenAiServer;
  let k: AnalysesTest;
  // biome-ignore lint/suspicious/noExplicitAny: log lines are free-form JSON
  const logLines: any[] = [];
  const logger = pino(
    { level: 'info' },
    new Writable({
      write(chunk, _enc, done) {
        logLines.push(JSON.parse(String(chunk)));
        done();
      },
    }),
  );
  const llmService = (aiTimeoutMs = 5_000) =>
    k.serviceWith({
      llm: createLlmClient({ env: { AI_BASE_URL: fake.url, AI_MODEL: MODEL, AI_API_KEY: undefined, AI_TIMEOUT_MS: aiTimeoutMs }, logger }),
      logger,
      aiTimeoutMs,
    });
  async function runTechnical(service: ReturnType<typeof llmService>, userId: string, timeoutMs?: number) {
    const p = await service.prepareRun(userId, technical);
    if ('analysis' in p) throw new Error('expected a new run');
    return (await service.executeRun(p as PreparedRun, { timeoutMs })).analysis;
  }

  beforeAll(async () => {
    fake = await startFakeOpenAiServer();
    // the whole app wired from env: features/index.ts builds the client and hands it to analyses
    k = await startAnalysesTest(kind, { env: { AI_BASE_URL: fake.url, AI_MODEL: MODEL } });
  });
  afterAll(async () => {
    await k?.db.close();
    await fake?.close();
  });
  beforeEach(() => {
    fake.reset();
    fake.setHandler(null);
    logLines.length = 0;
  });

  it('configured from env: /api/health says llm (model), POST /api/analyses returns the model’s note, writer llm:<model>, charged 0.8 once', async () => {
    expect((await k.t.json('GET', '/api/health')).body.adapters.ai).toBe(`llm (${MODEL})`);
    fake.setHandler((req) => reply(writeGoodDraft(req)));
    const u = await k.createUser();
    const res = await k.as(u).run(technical);
    expect(res.status).toBe(201);
    expect(res.body.note.writer).toBe(`llm:${MODEL}`);
    expect(res.body.note.writer_note).toBeUndefined();
    expect(fake.requests).toHaveLength(1);
    // the note is the model's text, quoting a fact as the UI formats it
    const rows = readFactsTable(fake.requests[0]!);
    expect(res.body.note.headline.text).toContain(rows.find((r) => /\d/.test(r.value))!.value);
    // the prompt carries every fact of the analysis and the rule-based note as a guide
    expect(rows.map((r) => r.key).sort()).toEqual(res.body.facts.map((f: { key: string }) => f.key).sort());
    expect(fake.requests[0]!.body.messages.at(-1).content).toContain('Guide note');
    expect(await k.balanceMt(u)).toBe(OPENING_BALANCE_MT - TECHNICAL_COST_MT);
    // re-opening serves the stored note, no new model call
    expect((await k.as(u).open(res.body.id)).body.note.writer).toBe(`llm:${MODEL}`);
    expect(fake.requests).toHaveLength(1);
  });

  it(`a model that invents a number every time: rejected ${MAX_NOTE_CALLS} times (told why), logged, the rule-based note served, charged once`, async () => {
    fake.setHandler((req) => {
      const draft = writeGoodDraft(req);
      // 97.3% is nowhere in AAPL's technical facts
      draft.strengths[0]!.text = 'Momentum is in the top 97.3% of the market.';
      return reply(draft);
    });
    const u = await k.createUser();
    const analysis = await runTechnical(llmService(), u);
    expect(fake.requests).toHaveLength(MAX_NOTE_CALLS);
    expect(analysis.body.note.writer).toBe('rule-based');
    expect(analysis.body.note.writer_note).toMatch(/not among the facts/);
    // calls 2 and 3 were told which number failed and why
    for (const r of fake.requests.slice(1))
      expect(r.body.messages.at(-1).content).toMatch(/rejected: numbers not in the facts: "97\.3%" \(strengths\[0\]\): no percent fact rounds to 97\.3%/);
    const rejections = logLines.filter((l) => l.msg === 'analysis note: the model’s draft was rejected');
    expect(rejections).toHaveLength(MAX_NOTE_CALLS);
    expect(rejections[0].problems[0]).toContain('97.3%');
    expect(logLines.some((l) => l.msg === 'analysis note: falling back to the rule-based writer' && l.outcome === 'rejected')).toBe(true);
    expect(await k.balanceMt(u)).toBe(OPENING_BALANCE_MT - TECHNICAL_COST_MT);
  });

  it('an unknown fact key on the first draft, a clean second draft: 2 calls, the model’s note', async () => {
    let call = 0;
    fake.setHandler((req) => {
      const draft = writeGoodDraft(req);
      if (call++ === 0) draft.verdict.fact_keys = ['price_target'];
      return reply(draft);
    });
    const analysis = await runTechnical(llmService(), await k.createUser());
    expect(fake.requests).toHaveLength(2);
    expect(fake.requests[1]!.body.messages.at(-1).content).toContain('unknown fact keys: price_target');
    expect(analysis.body.note.writer).toBe(`llm:${MODEL}`);
  });

  it('provider 500 twice: retried once (2 calls), then the rule-based note; the analysis succeeds and is charged its cost once', async () => {
    fake.enqueue({ status: 500 }, { status: 500 });
    const u = await k.createUser();
    const analysis = await runTechnical(llmService(), u);
    expect(fake.requests).toHaveLength(2);
    expect(analysis.body.note).toMatchObject({ writer: 'rule-based', writer_note: expect.stringMatching(/could not be reached/) });
    expect(await k.balanceMt(u)).toBe(OPENING_BALANCE_MT - TECHNICAL_COST_MT);
    const holds = await k.holdsOf(u);
    expect(holds.filter((h) => h.status === 'captured')).toHaveLength(1);
  });

  it('a hanging provider: each call times out (AI_TIMEOUT_MS 300), retried once, then the rule-based note, charged once', async () => {
    fake.enqueue({ hang: true }, { hang: true });
    const u = await k.createUser();
    const analysis = await runTechnical(llmService(300), u);
    expect(fake.requests).toHaveLength(2);
    expect(analysis.body.note.writer_note).toMatch(/did not answer in time/);
    expect(await k.balanceMt(u)).toBe(OPENING_BALANCE_MT - TECHNICAL_COST_MT);
  });

  it('a model slower than the run allows: with a 4 s charge limit the calls get what is left, the note falls back in time and the run is not a TIMEOUT', async () => {
    // deadline = 4000 − min(5000, 4000 / 4) = 3000 ms after the work starts; two attempts share it.
    // The clock is the ledger's: its 4 s timer starts with the work and would reject the run as TIMEOUT and
    // release the hold. A stopwatch around the call would also time the hold and the capture, outside the limit.
    fake.setHandler(() => ({ hang: true }));
    const u = await k.createUser();
    const analysis = await runTechnical(llmService(60_000), u, 4_000);
    expect(analysis.body.note).toMatchObject({ writer: 'rule-based', writer_note: expect.stringMatching(/did not answer in time/) });
    expect(fake.requests.length).toBeGreaterThanOrEqual(1);
    expect(fake.requests.length).toBeLessThanOrEqual(2);
    expect((await k.holdsOf(u)).map((h) => h.status)).toEqual(['captured']);
    expect(await k.balanceMt(u)).toBe(OPENING_BALANCE_MT - TECHNICAL_COST_MT);
  });
});
