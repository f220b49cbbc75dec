import { describe, expect, it } from 'vitest';
import { createTokenBucket } from './rate-limiter.ts';

/** A clock that only moves when the limiter sleeps: no real time passes. */
function fakeClock(start = 0) {
  let t = start;
  const advance = (ms: number) => {
    t += ms;
  };
  return { now: () => t, sleep: async (ms: number) => advance(ms), advance };
}

describe('token bucket at 10 a second', () => {
  it('25 requests at once go at 0, 100, 200 … 2400 ms: never more than 10 in any one-second window', async () => {
    const clock = fakeClock();
    const limiter = createTokenBucket({ perSecond: 10, now: clock.now, sleep: clock.sleep });
    const times: number[] = [];
    await Promise.all(Array.from({ length: 25 }, () => limiter.acquire().then(() => times.push(clock.now()))));
    expect(times).toEqual(Array.from({ length: 25 }, (_, i) => i * 100));
    for (const start of times) expect(times.filter((t) => t >= start && t < start + 1000).length).toBeLessThanOrEqual(10);
  });

  it('after 3 idle seconds the next request goes at once (the bucket holds one token, not 30)', async () => {
    const clock = fakeClock();
    const limiter = createTokenBucket({ perSecond: 10, now: clock.now, sleep: clock.sleep });
    await limiter.acquire();
    clock.advance(3000);
    await limiter.acquire();
    expect(clock.now()).toBe(3000);
    await limiter.acquire();
    expect(clock.now()).toBe(3100);
  });

  it('a capacity of 10 lets a burst of 10 through at 0 ms, the 11th waits 100 ms', async () => {
    const clock = fakeClock();
    const limiter = createTokenBucket({ perSecond: 10, capacity: 10, now: clock.now, sleep: clock.sleep });
    const times: number[] = [];
    for (let i = 0; i < 11; i++) {
      await limiter.acquire();
      times.push(clock.now());
    }
    expect(times).toEqual([...Array(10).fill(0), 100]);
  });
});
