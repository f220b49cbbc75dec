import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { describeEachDatabase } from '../../test/db.ts';
import { type FakeOpenAiServer, startFakeOpenAiServer } from '../../test/fake-openai-server.ts';
import { COPILOT_COST_MT, type CopilotTest, OPENING_BALANCE_MT, startCopilotTest } from '../../test/copilot-test-kit.ts';
import { MODEL_BREAKER } from './copilot-service.ts';

const RSI = "What is AAPL's RSI?";

// Charging and the ledger: on both engines.
describeEachDatabase('a failing model never costs the user an answer the offline copilot can give', (kind) => {
  let fake: FakeOpenAiServer;
  let k: CopilotTest;
  let clock = new Date('2026-11-28T15:00:00Z');
  beforeAll(async () => {
    fake = await startFakeOpenAiServer();
    k = await startCopilotTest(kind, { env: { AI_BASE_URL: fake.url, AI_MODEL: 'fake-model', AI_TIMEOUT_MS: '8000' }, now: () => clock });
  });
  afterAll(async () => {
    await k?.db.close();
    await fake?.close();
  });
  beforeEach(() => fake.reset());

  it('a model answering 500: the offline copilot answers instead, charged once (10 − 0.3), mode "offline", one hold captured', async () => {
    const u = await k.createUser();
    fake.setHandler(() => ({ status: 500 }));
    const res = await k.as(u).ask({ message: RSI });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'answered', mode: 'offline', tokens_charged: COPILOT_COST_MT / 1000 });
    expect(res.body.answer).toMatch(/RSI/);
    expect(await k.balanceMt(u)).toBe(OPENING_BALANCE_MT - COPILOT_COST_MT);
    expect((await k.holdsOf(u)).map((h) => h.status)).toEqual(['captured']);
    // The model was tried (two attempts) before the offline answer.
    expect(fake.requests).toHaveLength(2);
  });

  it(`${MODEL_BREAKER.failures} failures in a row open the breaker: the model is not called for ${MODEL_BREAKER.coolDownMs / 1000} s, /api/health says so; then one trial, and a success closes it`, async () => {
    const u = await k.createUser();
    fake.setHandler(() => ({ status: 500 }));
    // The test above failed once; two more make three in a row.
    for (let i = 0; i < MODEL_BREAKER.failures - 1; i++) expect((await k.as(u).ask({ message: RSI })).body.mode).toBe('offline');
    expect((await k.t.json('GET', '/api/health')).body.adapters.copilot_model_breaker).toBe('open');
    fake.reset();
    const paused = await k.as(u).ask({ message: RSI });
    expect(paused.body).toMatchObject({ status: 'answered', mode: 'offline' });
    expect(fake.requests).toHaveLength(0);
    // A question only the model could answer, while paused: a quick 502 that says when to retry, free.
    const before = await k.balanceMt(u);
    const weather = await k.as(u).ask({ message: 'Will it rain in Paris tomorrow?' });
    expect(weather.status).toBe(502);
    expect(weather.body.error.message).toMatch(/paused after repeated failures; try again in 60 s/);
    expect(await k.balanceMt(u)).toBe(before);
    expect(fake.requests).toHaveLength(0);
    // 60 s later the model has recovered: one trial call goes through, answers, and the breaker closes.
    clock = new Date(clock.getTime() + MODEL_BREAKER.coolDownMs);
    expect((await k.t.json('GET', '/api/health')).body.adapters.copilot_model_breaker).toBe('half_open');
    fake.setHandler(() => ({ text: 'CANNOT_ANSWER: the weather is not in our data.' }));
    const trial = await k.as(u).ask({ message: 'Will it rain in Paris tomorrow?' });
    expect(trial.body).toMatchObject({ status: 'refused', mode: 'llm', tokens_charged: 0 });
    expect(fake.requests.length).toBeGreaterThan(0);
    expect((await k.t.json('GET', '/api/health')).body.adapters.copilot_model_breaker).toBe('closed');
  });
});
