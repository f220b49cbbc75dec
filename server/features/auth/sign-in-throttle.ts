/**
 * Per-account throttle of password sign-in (the per-client limit is better-auth's, 3 per 10 s). Keyed by
 * the e-mail typed, whether or not an account has it, so its answers say nothing about who is registered.
 * No lockout an attacker can hold over the owner: the first failures are free, then each attempt waits a
 * doubling back-off, and after RESET_AFTER_FAILURES the password no longer signs in until the owner resets
 * it through the mailed link (which only the owner receives) or the failures are a day old.
 */

/** Failures that cost nothing (typos, a forgotten caps lock). */
export const FREE_FAILURES = 5;
/** The wait after the FREE_FAILURES-th failure; each further failure doubles it, up to BACKOFF_MAX_SECONDS. */
export const BACKOFF_BASE_SECONDS = 1;
const BACKOFF_MAX_SECONDS = 15 * 60;
/** From this many failures on, only a password reset (or a day without attempts) opens sign-in again. */
export const RESET_AFTER_FAILURES = 20;
/** Failures older than this (counted from the last one) are forgotten. */
export const FAILURES_FORGOTTEN_AFTER_MS = 24 * 60 * 60 * 1000;

export interface AccountFailures {
  failures: number;
  lastFailureAtMs: number;
}

export type SignInVerdict = { kind: 'allowed' } | { kind: 'wait'; retryAfterSeconds: number } | { kind: 'reset-required' };

/** Seconds an account with `failures` recorded failures waits after the last one before the next attempt. */
export function computeBackoffSeconds(failures: number): number {
  if (failures < FREE_FAILURES) return 0;
  return Math.min(BACKOFF_MAX_SECONDS, BACKOFF_BASE_SECONDS * 2 ** (failures - FREE_FAILURES));
}

/** Whether a sign-in attempt for an account in `state` may check its password at `nowMs`. */
export function decideSignInAttempt(state: AccountFailures | null, nowMs: number): SignInVerdict {
  if (!state || isForgotten(state, nowMs)) return { kind: 'allowed' };
  if (state.failures >= RESET_AFTER_FAILURES) return { kind: 'reset-required' };
  const readyAtMs = state.lastFailureAtMs + computeBackoffSeconds(state.failures) * 1000;
  if (nowMs >= readyAtMs) return { kind: 'allowed' };
  return { kind: 'wait', retryAfterSeconds: Math.max(1, Math.ceil((readyAtMs - nowMs) / 1000)) };
}

/** The failures counted once an allowed attempt is recorded (as a failure until it proves otherwise). */
export function countAttempt(state: AccountFailures | null, nowMs: number): AccountFailures {
  const before = !state || isForgotten(state, nowMs) ? 0 : state.failures;
  return { failures: before + 1, lastFailureAtMs: nowMs };
}

const isForgotten = (state: AccountFailures, nowMs: number) => nowMs - state.lastFailureAtMs >= FAILURES_FORGOTTEN_AFTER_MS;
