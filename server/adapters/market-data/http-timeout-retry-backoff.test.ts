import { expect, it } from 'vitest';
import { fetchJson, UpstreamError } from './http.ts';

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });

it('retries 503 with doubling back-off, then returns the JSON', async () => {
  const answers = [json({}, 503), json({}, 503), json({ ok: 1 })];
  const waits: number[] = [];
  const r = await fetchJson<{ ok: number }>('https://example.test/x', {
    fetch: async () => answers.shift()!,
    retries: 2,
    backoffMs: 100,
    sleep: async (ms) => {
      waits.push(ms);
    },
  });
  expect(r).toEqual({ ok: 1 });
  // 100 ms then 200 ms, each with up to 25 % jitter.
  expect(waits).toHaveLength(2);
  expect(waits[0]).toBeGreaterThanOrEqual(100);
  expect(waits[0]).toBeLessThanOrEqual(125);
  expect(waits[1]).toBeGreaterThanOrEqual(200);
  expect(waits[1]).toBeLessThanOrEqual(250);
});

it('times out each attempt and gives up after the retries with an UpstreamError', async () => {
  let attempts = 0;
  const hang = (_url: string, init?: { signal?: AbortSignal }) => {
    attempts++;
    return new Promise<Response>((_, reject) => init?.signal?.addEventListener('abort', () => reject(new Error('aborted'))));
  };
  const err = (await fetchJson('https://example.test/x', { fetch: hang, timeoutMs: 5, retries: 1, sleep: async () => {} }).catch((e) => e)) as UpstreamError;
  expect(err).toBeInstanceOf(UpstreamError);
  expect(err.message).toMatch(/timed out after 5 ms/);
  expect(attempts).toBe(2);
});

it('404 means "no data" (null) and 403 is not retried', async () => {
  let attempts = 0;
  expect(await fetchJson('https://example.test/x', { fetch: async () => json({}, 404) })).toBeNull();
  const err = (await fetchJson('https://example.test/x', {
    fetch: async () => {
      attempts++;
      return json({}, 403);
    },
    sleep: async () => {},
  }).catch((e) => e)) as UpstreamError;
  expect(err).toBeInstanceOf(UpstreamError);
  expect(err.status).toBe(403);
  expect(attempts).toBe(1);
});
