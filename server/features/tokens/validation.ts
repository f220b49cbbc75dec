import { amountProblemMessages, findAmountProblem, isTier, type Tier, tierChoices } from '../../../core/tokens/index.ts';
import { AppError } from '../../lib/errors.ts';

const MAX_TTL_MS = 24 * 3600_000;

export function assertAmount(amountMt: unknown, field = 'amount'): number {
  const problem = findAmountProblem(amountMt);
  if (problem) throw new AppError('INVALID_AMOUNT', amountProblemMessages[problem], { field });
  return amountMt as number;
}

export function assertUserId(userId: unknown): string {
  if (typeof userId !== 'string' || userId.length === 0 || userId.length > 200)
    throw new AppError('BAD_REQUEST', 'A user id is required.', { field: 'userId' });
  return userId;
}

export function assertKey(key: unknown, field = 'idempotencyKey'): string {
  if (typeof key !== 'string' || key.length === 0 || key.length > 200)
    throw new AppError('BAD_REQUEST', 'An idempotency key of 1–200 characters is required.', { field });
  return key;
}

export function assertActor(actor: unknown): string {
  if (typeof actor !== 'string' || actor.length === 0 || actor.length > 200) throw new AppError('BAD_REQUEST', 'An actor is required.', { field: 'actor' });
  return actor;
}

export function assertTier(tier: unknown): Tier {
  if (!isTier(tier)) throw new AppError('INVALID_TIER', `Unknown tier "${String(tier)}". Use ${tierChoices}.`, { field: 'tier' });
  return tier;
}

export function assertHoldTtl(ttlMs: number): number {
  if (!Number.isInteger(ttlMs) || ttlMs <= 0 || ttlMs > MAX_TTL_MS) throw new AppError('BAD_REQUEST', 'The hold TTL must be 1 ms to 24 h.', { field: 'ttlMs' });
  return ttlMs;
}

/** A list's row limit: `fallback` when not given, then kept within 1..`max`. */
export function clampLimit(limit: number | undefined, fallback: number, max: number): number {
  return Math.min(Math.max(1, limit ?? fallback), max);
}
