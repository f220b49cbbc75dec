/**
 * A token bucket on an injected clock: `acquire()` resolves when a request may go. EDGAR's fair
 * access rule is at most 10 requests a second; with the default capacity of one token refilled every
 * 100 ms, any one-second window holds at most 10 requests (a capacity of 10 would let 19 through in
 * the first second: 10 at once, then one every 100 ms).
 */
export interface RateLimiter {
  acquire(): Promise<void>;
}

export interface TokenBucketOptions {
  /** Tokens added a second. */
  perSecond: number;
  /** Most tokens held at once (burst). Default 1. */
  capacity?: number;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
}

export const SEC_MAX_REQUESTS_PER_SECOND = 10;

export function createTokenBucket(options: TokenBucketOptions): RateLimiter {
  const capacity = options.capacity ?? 1;
  const now = options.now ?? Date.now;
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  const msPerToken = 1000 / options.perSecond;
  let tokens = capacity;
  let last = now();
  // Callers queue in order: each waits for the one before, so concurrent requests cannot share a token.
  let queue: Promise<void> = Promise.resolve();

  const refill = () => {
    const t = now();
    tokens = Math.min(capacity, tokens + (t - last) / msPerToken);
    last = t;
  };

  const take = async () => {
    refill();
    while (tokens < 1) {
      await sleep(Math.ceil((1 - tokens) * msPerToken));
      refill();
    }
    tokens -= 1;
  };

  return {
    acquire() {
      const turn = queue.then(take);
      queue = turn.catch(() => {});
      return turn;
    },
  };
}
