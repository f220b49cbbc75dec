import { describe, expect, it } from 'vitest';
import { createBreaker } from './circuit-breaker.ts';

describe('the model circuit breaker: 3 failures in a row open it for 60 s', () => {
  it('closed → 3 failures → open (calls skipped) → after 60 s half-open → a success closes it', () => {
    const b = createBreaker({ failures: 3, coolDownMs: 60_000 });
    b.recordFailure(0);
    b.recordFailure(1_000);
    expect(b.state(1_000)).toBe('closed');
    b.recordFailure(2_000);
    expect(b.state(2_000)).toBe('open');
    expect(b.allows(2_000 + 59_999)).toBe(false);
    expect(b.reopensAt()).toBe(2_000 + 60_000);
    expect(b.state(2_000 + 60_000)).toBe('half_open');
    expect(b.allows(2_000 + 60_000)).toBe(true);
    b.recordSuccess();
    expect(b.state(70_000)).toBe('closed');
    expect(b.reopensAt()).toBeNull();
  });

  it('a failed trial call opens it again for a full cool-down; a success in between resets the count', () => {
    const b = createBreaker({ failures: 3, coolDownMs: 60_000 });
    b.recordFailure(0);
    b.recordFailure(0);
    b.recordSuccess();
    b.recordFailure(0);
    b.recordFailure(0);
    expect(b.state(0)).toBe('closed');
    b.recordFailure(10);
    b.recordFailure(60_010); // the trial after the cool-down fails
    expect(b.state(60_010)).toBe('open');
    expect(b.reopensAt()).toBe(120_010);
  });
});
