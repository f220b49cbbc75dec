/**
 * Number validator budget (issue 15): checking a 1,000-word text against an analysis's facts ≤ 1 ms p50.
 * The text is built from AAPL's real fundamental facts (every figure as the writer formats it, plus
 * invented ones, spelled-out numbers, years and plain prose). Also: the LLM client's own time before the
 * first streamed text, over the provider's (a local OpenAI-compatible server), budget ≤ 300 ms.
 * Standalone: `npx tsx bench/llm.bench.ts`.
 */
import { loadavg } from 'node:os';
import pino from 'pino';
import { createLlmClient } from '../server/adapters/llm/index.ts';
import { startFakeOpenAiServer } from '../server/test/fake-openai-server.ts';
import { findUnbackedNumbers } from '../core/ai/number-validator.ts';
import { analysisBuilders } from '../core/analysis/runs/index.ts';
import { formatFactValue } from '../core/analysis/writer/index.ts';
import { openBundledAnalysisData } from '../server/adapters/market-data/bundled/analysis-inputs.ts';
import { median, percentile, report } from './support.ts';

const BUDGET_MS = 1;
const data = openBundledAnalysisData();
const inputs = await data.load('AAPL');
const built = analysisBuilders.fundamental(inputs, 'overview');
if (!built.ok) throw new Error(built.error.message);
const { facts } = built.value;
const numeric = facts.filter((f) => typeof f.value === 'number');

// Sentences of ~14 words, cycling through the facts; every fifth one invents a figure.
const sentences: string[] = [];
let words = 0;
for (let i = 0; words < 1000; i++) {
  const f = numeric[i % numeric.length]!;
  const s =
    i % 5 === 4
      ? `Management hopes for ${(i * 7.3).toFixed(1)}% growth by 2031, roughly forty-two new products in twelve markets.`
      : `The ${f.label.toLowerCase()} stood at ${formatFactValue(f)} in ${f.period}, which the company reported as of ${f.as_of} [${(i % 9) + 1}].`;
  sentences.push(s);
  words += s.split(/\s+/).length;
}
const text = sentences.join(' ');
const allowed = [inputs.profile.name];

for (let i = 0; i < 200; i++) findUnbackedNumbers(text, facts, allowed); // warm-up (JIT)
const times: number[] = [];
let flagged = 0;
for (let i = 0; i < 500; i++) {
  const t = performance.now();
  flagged = findUnbackedNumbers(text, facts, allowed).length;
  times.push(performance.now() - t);
}
const p50 = median(times);
report('validator on a 1,000-word text (p50 of 500)', p50, 'ms', `${words} words, ${text.length} characters, ${facts.length} facts; budget ≤ ${BUDGET_MS}`);
report('  p95', percentile(times, 95), 'ms');
report('  ratio to budget', p50 / BUDGET_MS, 'x', `below 1 is within budget; 1-minute load average ${loadavg()[0]!.toFixed(1)} while measuring`);
report('  numbers flagged', flagged, 'tokens', 'the invented ones: growth %, 2031, forty-two, twelve');

// The client's overhead before the first streamed text: the SDK's request building and stream parsing,
// measured against a raw fetch of the same reply from the same local server.
const OVERHEAD_BUDGET_MS = 300;
const fake = await startFakeOpenAiServer({ handler: () => ({ text: 'AAPL closed at $308.63 on 2026-07-02.', chunkSize: 6 }) });
const client = createLlmClient({
  env: { AI_BASE_URL: fake.url, AI_MODEL: 'bench', AI_API_KEY: undefined, AI_TIMEOUT_MS: 10_000 },
  logger: pino({ level: 'silent' }),
})!;
const body = JSON.stringify({ model: 'bench', stream: true, messages: [{ role: 'user', content: 'price?' }] });

async function rawFirstContentMs(): Promise<number> {
  const t = performance.now();
  const res = await fetch(`${fake.url}/chat/completions`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let seen = '';
  let first = 0;
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    seen += decoder.decode(value);
    if (!first && seen.includes('"content":"AAPL')) first = performance.now() - t;
  }
  return first;
}

async function clientFirstTextMs(): Promise<number> {
  const t = performance.now();
  let first = 0;
  for await (const e of client.streamChat({ purpose: 'bench', system: 's', messages: [{ role: 'user', content: 'price?' }], tools: {}, maxSteps: 1 })) {
    if (e.type === 'text' && !first) first = performance.now() - t;
  }
  return first;
}

for (let i = 0; i < 20; i++) {
  await rawFirstContentMs();
  await clientFirstTextMs();
}
const raw: number[] = [];
const viaClient: number[] = [];
for (let i = 0; i < 100; i++) {
  raw.push(await rawFirstContentMs());
  viaClient.push(await clientFirstTextMs());
}
await fake.close();
const overhead = median(viaClient) - median(raw);
report('first streamed text via the client (p50 of 100)', median(viaClient), 'ms', `raw fetch of the same stream: ${median(raw).toFixed(1)} ms`);
report('  client overhead before the first text', overhead, 'ms', `budget ≤ ${OVERHEAD_BUDGET_MS}`);
report('  ratio to budget', Math.max(overhead, 0) / OVERHEAD_BUDGET_MS, 'x', 'below 1 is within budget');
