import type { Logger } from '../../lib/logger.ts';
import type { LedgerService } from './ledger-types.ts';

/** Sweeper and reset check period. Holds live minutes, resets are monthly: 30 s is prompt enough for both. */
const TOKENS_JOB_INTERVAL_MS = 30_000;

/** The sweeper of stale holds and the monthly resets, on one timer; a tick never overlaps the previous one. */
export function createTokenJobs(ledger: LedgerService, logger: Logger) {
  let timer: ReturnType<typeof setInterval> | undefined;
  let running: Promise<void> | undefined;

  /** One tick of scheduled work; each unit is done once across processes by conditional updates. */
  const runJobs = async () => {
    try {
      const expired = await ledger.expireStaleHolds();
      const reset = await ledger.runMonthlyResets();
      if (expired || reset) logger.info({ expired, reset }, 'tokens: expired stale holds / ran monthly resets');
    } catch (e) {
      logger.error({ err: e }, 'tokens: scheduled work failed');
    }
  };
  const tick = () => {
    if (running) return;
    running = runJobs().finally(() => {
      running = undefined;
    });
  };

  return {
    start() {
      if (timer) return;
      tick();
      timer = setInterval(tick, TOKENS_JOB_INTERVAL_MS);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
      await running;
    },
  };
}
