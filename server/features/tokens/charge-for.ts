import { getActionCostMt, type TokenAction } from '../../../core/tokens/costs.ts';
import { AppError } from '../../lib/errors.ts';
import { withHold } from './tokens-holds-store.ts';
import type { LedgerContext } from './ledger-context.ts';
import type { Actor, Hold } from './ledger-types.ts';

/** How long paid work may run before its hold is released and the caller told TIMEOUT. */
export const DEFAULT_CHARGE_TIMEOUT_MS = 30_000;

export interface ChargeOptions {
  timeoutMs?: number;
  actor?: Actor;
  /** Stored on the hold (e.g. the analysis kind and symbol), shown in the token activity. */
  meta?: Record<string, unknown>;
}

export interface ChargedWork {
  /** Aborted when the work times out: the result will be discarded and nothing charged, so stop early. */
  signal: AbortSignal;
  hold: Hold;
}

export interface Charged<T> {
  result: T;
  hold: Hold;
  costMt: number;
}

/**
 * The one way paid work is charged (DESIGN §6): the action's cost from core/tokens/costs.ts is held
 * (402 INSUFFICIENT_TOKENS before any work), `work` runs, the hold is captured when it succeeds and
 * released when it throws or outlives `timeoutMs`. A release that fails is logged and the hold swept
 * after its TTL (withHold), so tokens are never kept for work that did not finish.
 */
export async function chargeFor<T>(
  ctx: LedgerContext,
  userId: string,
  action: TokenAction,
  idempotencyKey: string,
  work: (charged: ChargedWork) => Promise<T>,
  opts: ChargeOptions = {},
): Promise<Charged<T>> {
  const costMt = getActionCostMt(action);
  const timeoutMs = opts.timeoutMs ?? DEFAULT_CHARGE_TIMEOUT_MS;
  // The hold must outlive the work: a crash mid-work leaves it to the sweeper, never captured.
  const ttlMs = Math.max(ctx.defaultHoldTtlMs, timeoutMs * 2);
  const { result, hold } = await withHold(ctx, userId, { costMt, idempotencyKey, ttlMs, actor: opts.actor, meta: { action, ...opts.meta } }, (held) =>
    runWithTimeout((signal) => work({ signal, hold: held }), timeoutMs),
  );
  return { result, hold, costMt };
}

async function runWithTimeout<T>(work: (signal: AbortSignal) => Promise<T>, timeoutMs: number): Promise<T> {
  const controller = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      controller.abort();
      reject(new AppError('TIMEOUT', 'This took too long and was stopped. Nothing was charged; please try again.'));
    }, timeoutMs);
  });
  try {
    return await Promise.race([work(controller.signal), timeout]);
  } finally {
    clearTimeout(timer);
  }
}
