/**
 * A circuit breaker for a dependency that fails in runs (a model server that is down or overloaded): after
 * `failures` failures in a row it opens for `coolDownMs`, and calls are skipped instead of each waiting for its
 * own timeout; after the cool-down one call is let through (half-open): a success closes it, a failure opens
 * it again. Pure: the caller passes the time.
 */
export interface BreakerRule {
  failures: number;
  coolDownMs: number;
}

export type BreakerState = 'closed' | 'open' | 'half_open';

export interface Breaker {
  /** Whether a call may go through at `nowMs` (closed, or half-open after the cool-down). */
  allows(nowMs: number): boolean;
  recordSuccess(): void;
  recordFailure(nowMs: number): void;
  state(nowMs: number): BreakerState;
  /** When an open breaker lets the next call through (ms since epoch); null when closed. */
  reopensAt(): number | null;
}

export function createBreaker(rule: BreakerRule): Breaker {
  let failuresInARow = 0;
  let openedAt: number | null = null;
  const state = (nowMs: number): BreakerState => (openedAt === null ? 'closed' : nowMs - openedAt >= rule.coolDownMs ? 'half_open' : 'open');
  return {
    allows: (nowMs) => state(nowMs) !== 'open',
    recordSuccess() {
      failuresInARow = 0;
      openedAt = null;
    },
    recordFailure(nowMs) {
      failuresInARow++;
      // A failed trial call (half-open) opens it again at once; closed, it opens at the rule's count.
      if (openedAt !== null || failuresInARow >= rule.failures) openedAt = nowMs;
    },
    state,
    reopensAt: () => (openedAt === null ? null : openedAt + rule.coolDownMs),
  };
}
