import { describe, expect, it } from 'vitest';
import { ApiError, formatWait, readApiError, readRetryAfterSeconds, retryUnlessClientError } from './api.ts';

/** An answer as the server sends it: the error contract's body and, for a wait, Retry-After. */
const answer = (status: number, error: object | null, retryAfter?: string) =>
  new Response(error ? JSON.stringify({ error }) : null, {
    status,
    headers: { 'content-type': 'application/json', ...(retryAfter === undefined ? {} : { 'retry-after': retryAfter }) },
  });

describe('a refused request says what happened and when to retry', () => {
  it("the 31st PDF export of a minute: the server's reason, then Retry-After's 40 s", async () => {
    const e = await readApiError(
      answer(
        429,
        { code: 'RATE_LIMITED', message: "You have made this minute's 30 PDF exports. Try again in 40 s.", details: { retry_after_seconds: 40 } },
        '40',
      ),
    );
    expect(e).toBeInstanceOf(ApiError);
    expect(e).toMatchObject({ status: 429, code: 'RATE_LIMITED', retryAfterSeconds: 40 });
    expect(e.message).toBe("You have made this minute's 30 PDF exports — try again in 40 s.");
  });

  it('the PDF render queue full: 503, the renderer is busy, try again in 5 s', async () => {
    const e = await readApiError(
      answer(503, { code: 'SERVICE_UNAVAILABLE', message: 'The PDF renderer is busy (2 rendering, 8 waiting). Try again in 5 s.' }, '5'),
    );
    expect(e.message).toBe('The PDF renderer is busy (2 rendering, 8 waiting) — try again in 5 s.');
    expect(e.retryAfterSeconds).toBe(5);
  });

  it('the 21st copilot question of a minute, 17 s before the minute ends', async () => {
    const e = await readApiError(answer(429, { code: 'RATE_LIMITED', message: "You have asked this minute's 20 copilot questions. Try again in 17 s." }, '17'));
    expect(e.message).toBe("You have asked this minute's 20 copilot questions — try again in 17 s.");
  });

  it('a sign-in back-off of 240 s reads as 4 min (240 / 60), rounded up, never too early', async () => {
    const e = await readApiError(answer(429, { code: 'RATE_LIMITED', message: 'Too many wrong passwords for this account. Try again in 240 s.' }, '240'));
    expect(e.message).toBe('Too many wrong passwords for this account — try again in 4 min.');
    // 241 s is 4.02 min: 5 min, since 4 would be too early.
    expect(formatWait(241)).toBe('5 min');
  });

  it('the wait is told from Retry-After, not from the sentence in the message', async () => {
    // The header says 12 s; the message's own sentence (written a moment earlier) said 13.
    const e = await readApiError(answer(429, { code: 'RATE_LIMITED', message: 'Too many screener requests. Try again in 13 s.' }, '12'));
    expect(e.message).toBe('Too many screener requests — try again in 12 s.');
  });

  it('Retry-After as an HTTP date: 07:28:40 seen at 07:28:00 is 40 s', async () => {
    const now = Date.parse('Wed, 21 Oct 2026 07:28:00 GMT');
    expect(readRetryAfterSeconds('Wed, 21 Oct 2026 07:28:40 GMT', now)).toBe(40);
    // A date already past is no wait at all; garbage is no wait known.
    expect(readRetryAfterSeconds('Wed, 21 Oct 2026 07:27:00 GMT', now)).toBe(0);
    expect(readRetryAfterSeconds('soon', now)).toBeUndefined();
    expect(readRetryAfterSeconds(null, now)).toBeUndefined();
    const e = await readApiError(answer(503, { code: 'SERVICE_UNAVAILABLE', message: 'Busy.' }, 'Wed, 21 Oct 2026 07:28:40 GMT'), now);
    expect(e.message).toBe('Busy — try again in 40 s.');
  });

  it("a proxy's bare 503 and 429, no body and no Retry-After: said by status, retry in a moment", async () => {
    const busy = await readApiError(answer(503, null));
    expect(busy).toMatchObject({ status: 503, code: 'HTTP_ERROR', retryAfterSeconds: undefined });
    expect(busy.message).toBe('Stockpilot is busy — try again in a moment.');
    expect((await readApiError(answer(429, null))).message).toBe('Too many requests — try again in a moment.');
    // A message that is nothing but "try again" says no more than the default.
    expect((await readApiError(answer(429, { code: 'RATE_LIMITED', message: 'Please try again later.' }))).message).toBe(
      'Too many requests — try again in a moment.',
    );
    expect((await readApiError(answer(429, { code: 'RATE_LIMITED', message: 'Slow down. Please wait and try again.' }, '3'))).message).toBe(
      'Slow down — try again in 3 s.',
    );
  });

  it('waits read as people say them: under 90 s in seconds, then minutes, then hours, all rounded up', () => {
    expect(formatWait(0.2)).toBe('1 s');
    expect(formatWait(89)).toBe('89 s');
    // 90 s = 1.5 min: 2 min.
    expect(formatWait(90)).toBe('2 min');
    // 89 min 59 s: 90 min; 90 min = 1.5 h: 2 h.
    expect(formatWait(5399)).toBe('90 min');
    expect(formatWait(5400)).toBe('2 h');
  });

  it('other errors keep the server message, field and code as they were', async () => {
    const e = await readApiError(answer(402, { code: 'INSUFFICIENT_TOKENS', message: 'This analysis costs 0.8 tokens; you have 0.3.' }));
    expect(e).toMatchObject({
      status: 402,
      code: 'INSUFFICIENT_TOKENS',
      message: 'This analysis costs 0.8 tokens; you have 0.3.',
      retryAfterSeconds: undefined,
    });
    const v = await readApiError(answer(400, { code: 'VALIDATION_FAILED', message: 'name: Too long', field: 'name' }));
    expect(v).toMatchObject({ code: 'VALIDATION_FAILED', message: 'name: Too long', field: 'name' });
    expect((await readApiError(new Response('<html>oops</html>', { status: 500 }))).message).toBe('Request failed (500).');
  });

  it('a wait with Retry-After is not retried at once by queries; a 503 without one is, once', () => {
    expect(retryUnlessClientError(0, new ApiError(503, 'SERVICE_UNAVAILABLE', 'busy', undefined, 5))).toBe(false);
    expect(retryUnlessClientError(0, new ApiError(503, 'HTTP_ERROR', 'busy'))).toBe(true);
    expect(retryUnlessClientError(1, new ApiError(503, 'HTTP_ERROR', 'busy'))).toBe(false);
    expect(retryUnlessClientError(0, new ApiError(429, 'RATE_LIMITED', 'wait', undefined, 5))).toBe(false);
  });
});
