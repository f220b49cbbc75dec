import type { SandboxProvider } from '../../adapters/payments/index.ts';
import { createIntervalJob } from '../../lib/jobs.ts';
import type { Logger } from '../../lib/logger.ts';
import type { AppMetrics } from '../../lib/metrics.ts';

export const SANDBOX_RENEWAL_INTERVAL_MS = 60_000;

/**
 * The sandbox has no billing clock of its own: once a minute, roll due subscriptions over, expire stale
 * checkouts and deliver the outbox's pending events (a failed handler's, backoff 1 min doubling to 1 h;
 * a killed process's, once its 1 min lease has run out). Stripe needs no job.
 */
export function createBillingJobs(provider: SandboxProvider, logger: Logger, metrics?: AppMetrics) {
  const deliverDue = () => provider.deliverDueEvents().catch((err) => logger.error({ err }, 'payments: sandbox event delivery failed'));
  const job = createIntervalJob({
    name: 'billing-sandbox',
    everyMs: SANDBOX_RENEWAL_INTERVAL_MS,
    logger,
    metrics,
    run: async (log) => {
      await Promise.all([
        provider.renewDueSubscriptions().catch((err) => log.error({ err }, 'payments: sandbox renewal failed')),
        provider.expireOpenSessions().catch((err) => log.error({ err }, 'payments: sandbox checkout expiry failed')),
        deliverDue(),
      ]);
    },
  });
  let started = false;
  return {
    async start() {
      if (started) return;
      started = true;
      job.start();
      // A restart delivers at once what is due: a payment a killed process committed is not left waiting a tick.
      await deliverDue();
    },
    async stop() {
      started = false;
      await job.stop();
    },
  };
}
